import { ENDPOINT_GROUPS, type EndpointSpec } from '@chelian/contracts';

/** A JSON Schema as TypeBox makes it (plain JSON once serialized). */
type Schema = Record<string, unknown>;

const MEDIA: Record<NonNullable<EndpointSpec['encoding']>, string> = {
  form: 'application/x-www-form-urlencoded',
  json: 'application/json',
  multipart: 'multipart/form-data',
};

const PRODUCED: Record<NonNullable<EndpointSpec['produces']>, { type: string; description: string }> = {
  excel: { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', description: 'Excel 文件（失败时为 JSON 信封）' },
  binary: { type: 'application/vnd.chelian.track', description: '二进制轨迹（格式见 docs/api-terminals.md；失败时为 JSON 信封）' },
  script: { type: 'application/javascript', description: '脚本' },
  image: { type: 'image/svg+xml', description: '图片' },
  stream: { type: 'application/json', description: '成功：信封，边查边写出（大结果不在内存中拼装）' },
  websocket: { type: 'application/json', description: 'WebSocket 升级：之后每条消息为一个 JSON 事件（见 docs/architecture.md）' },
  callback: { type: 'text/plain', description: '支付渠道的回调通知：按渠道自己的协议应答（见 docs/payments.md）' },
};

/** The table's names for its endpoints: `alarm.realtime` → operationId. */
const NAMES = new Map<EndpointSpec, string>(
  Object.entries(ENDPOINT_GROUPS).flatMap(([group, endpoints]) =>
    Object.entries(endpoints).map(([name, e]) => [e as EndpointSpec, `${group}.${name}`] as const),
  ),
);

/** An input schema's fields, with TypeBox intersections (allOf of objects) flattened. */
function fieldsOf(schema: Schema | undefined): { properties: Record<string, Schema>; required: Set<string> } {
  const properties: Record<string, Schema> = {};
  const required = new Set<string>();
  const walk = (s: Schema | undefined) => {
    if (!s) return;
    for (const part of (s.allOf as Schema[] | undefined) ?? []) walk(part);
    Object.assign(properties, (s.properties as Record<string, Schema> | undefined) ?? {});
    for (const name of (s.required as string[] | undefined) ?? []) required.add(name);
  };
  walk(schema);
  return { properties, required };
}

function queryParameters(schema: Schema | undefined) {
  const { properties, required } = fieldsOf(schema);
  return Object.entries(properties).map(([name, s]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: s,
    description: s.description,
  }));
}

function bodyOf(endpoint: EndpointSpec) {
  const media = MEDIA[endpoint.encoding ?? 'form'];
  if (endpoint.encoding === 'multipart') {
    const file = { type: 'string', contentEncoding: 'binary', description: '上传的文件（xlsx 或 csv）' };
    return { required: true, content: { [media]: { schema: { type: 'object', required: ['file'], properties: { file } } } } };
  }
  if (!endpoint.input) return undefined;
  return { required: true, content: { [media]: { schema: endpoint.input as unknown as Schema } } };
}

function envelopeOf(obj: Schema) {
  return {
    type: 'object',
    required: ['flag', 'msg', 'obj'],
    properties: { code: { type: 'integer' }, flag: { type: 'integer', const: 1 }, msg: { type: 'string' }, obj },
  };
}

function operation(endpoint: EndpointSpec, method: 'GET' | 'POST') {
  const name = NAMES.get(endpoint);
  const success = endpoint.produces
    ? { description: PRODUCED[endpoint.produces].description, content: { [PRODUCED[endpoint.produces].type]: { schema: {} } } }
    : {
        description: '成功：信封的 obj 为应答',
        content: { 'application/json': { schema: envelopeOf((endpoint.answer ?? { type: 'null' }) as unknown as Schema) } },
      };
  return {
    operationId: `${name ?? endpoint.path}${endpoint.method === 'GET|POST' ? `.${method.toLowerCase()}` : ''}`,
    summary: endpoint.summary,
    tags: [endpoint.tag],
    ...(endpoint.permission ? { 'x-permission': endpoint.permission, description: `需要权限 \`${endpoint.permission}\`` } : {}),
    security: endpoint.access === 'public' ? [] : [{ sessionId: [] }],
    parameters:
      method === 'GET' ? queryParameters(endpoint.input as unknown as Schema) : queryParameters(endpoint.query as unknown as Schema),
    ...(method === 'POST' ? { requestBody: bodyOf(endpoint) } : {}),
    responses: {
      200: success,
      default: {
        description: '失败：flag 0（会话过期 4010），msg 为中文原因，errorCode 为稳定的错误码',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } },
      },
    },
  };
}

/**
 * The OpenAPI 3.1 document of the endpoints a server registered (every one comes from the table
 * in packages/contracts). TypeBox schemas are JSON Schema, which OpenAPI 3.1 takes as they are.
 */
export function openApiDocument(endpoints: readonly { method: string; endpoint: EndpointSpec }[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { method, endpoint } of endpoints) {
    if (method !== 'GET' && method !== 'POST') continue;
    (paths[endpoint.path] ??= {})[method.toLowerCase()] = operation(endpoint, method);
  }
  const tags = [...new Set(endpoints.map((e) => e.endpoint.tag))].map((name) => ({ name }));
  return {
    openapi: '3.1.0',
    info: {
      title: '车联 Chelian API',
      version,
      description:
        '所有应答为信封 { code, flag, msg, obj }：flag 1 成功，4010 会话过期；失败时 msg 为中文原因，errorCode 为稳定的错误码。' +
        '请求头带 sessionId（登录 /oauth/v4/token 所得）与 platformId。未写明方法的路径（GET|POST）两种方法都接受，参数相同。',
    },
    tags,
    paths,
    components: {
      securitySchemes: { sessionId: { type: 'apiKey', in: 'header', name: 'sessionId' } },
      schemas: {
        Failure: {
          type: 'object',
          required: ['flag', 'msg', 'errorCode'],
          properties: {
            code: { type: 'integer', description: 'HTTP 状态（≥ 400 时）' },
            flag: { type: 'integer', description: '0 失败，4010 会话过期' },
            msg: { type: 'string', description: '中文原因' },
            obj: {},
            errorCode: { type: 'string', description: '稳定的错误码，如 alarm.rangeTooLong（见错误目录）' },
          },
        },
      },
    },
  };
}
