import type { AssistantMessage } from '@chelian/contracts';

/** The assistant's own small client of /ai/ (its bundle carries no request layer): the envelope unwrapped, failures as Chinese text. */
export interface AssistantContext {
  baseUrl: string;
  sessionId: string;
  userId: number;
}

export class AssistantApiError extends Error {
  constructor(
    message: string,
    readonly sessionExpired = false,
  ) {
    super(message);
  }
}

const FLAG_OK = 1;
const FLAG_SESSION_EXPIRED = 4010;

function urlOf(ctx: AssistantContext, name: string): string {
  return `${ctx.baseUrl.endsWith('/') ? ctx.baseUrl : `${ctx.baseUrl}/`}${name}`;
}

async function call<T>(
  ctx: AssistantContext,
  name: string,
  form: Record<string, string> | null,
  texts: { failed: string; sessionExpired: string },
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(urlOf(ctx, name), {
      method: form ? 'POST' : 'GET',
      headers: {
        sessionId: ctx.sessionId,
        userId: String(ctx.userId),
        platformId: '0',
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
  } catch {
    throw new AssistantApiError(texts.failed);
  }
  const body = (await res.json().catch(() => null)) as { flag?: number; msg?: string; obj?: T } | null;
  if (body?.flag === FLAG_SESSION_EXPIRED) throw new AssistantApiError(texts.sessionExpired, true);
  if (!body || body.flag !== FLAG_OK) throw new AssistantApiError(body?.msg || texts.failed);
  return body.obj as T;
}

type Texts = { failed: string; sessionExpired: string };

export const assistantApi = {
  chat: (ctx: AssistantContext, question: string, t: Texts) =>
    call<{ question: AssistantMessage; answer: AssistantMessage }>(ctx, 'chat.json', { question }, t),
  history: (ctx: AssistantContext, t: Texts) => call<{ list: AssistantMessage[] }>(ctx, 'history.json', null, t),
  clear: (ctx: AssistantContext, t: Texts) => call<{ deleted: number }>(ctx, 'clearHistory.json', {}, t),
};
