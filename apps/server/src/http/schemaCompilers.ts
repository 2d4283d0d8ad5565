import type { FastifyServerOptions } from 'fastify';
import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type ValidatorFactory = NonNullable<CompilersFactory['buildValidator']>;
type SerializerFactory = NonNullable<CompilersFactory['buildSerializer']>;

/**
 * Fastify's own schema compilers (Ajv for input, fast-json-stringify for answers), with what they
 * compile kept for the process: a route's schema is compiled once, however many apps the process
 * builds. Compiling every route's schemas is most of building the app (~0.8 s of ~1 s); a server
 * builds one app, but the tests build one per file. The compiled function depends on the schema,
 * the shared schemas and the options only, so those make the key (an option that is a function, such
 * as an Ajv plugin, is not in it: every app of this server passes the same options).
 */
export function sharedSchemaCompilers(): CompilersFactory {
  return { buildValidator: sharedValidators, buildSerializer: sharedSerializers };
}

const validatorFactory = AjvCompiler();
const serializerFactory = SerializerSelector();
const compiled = new Map<string, unknown>();

function once<T>(key: string, compile: () => T): T {
  if (!compiled.has(key)) compiled.set(key, compile());
  return compiled.get(key) as T;
}

type RouteSchema = { schema: unknown; httpPart?: string };
type CompileRoute = (route: RouteSchema) => unknown;

const sharedValidators = ((externalSchemas: unknown, options: unknown) => {
  const compile = (validatorFactory as unknown as (externals: unknown, opts: unknown) => CompileRoute)(externalSchemas, options);
  const prefix = `validator ${JSON.stringify(externalSchemas)} ${JSON.stringify(options)}`;
  return (route: RouteSchema) => once(`${prefix} ${route.httpPart} ${JSON.stringify(route.schema)}`, () => compile(route));
}) as unknown as ValidatorFactory;

const sharedSerializers: SerializerFactory = (externalSchemas, options) => {
  const compile = serializerFactory(externalSchemas, options);
  const prefix = `serializer ${JSON.stringify(externalSchemas)} ${JSON.stringify(options)}`;
  return (route) => once(`${prefix} ${JSON.stringify(route.schema)}`, () => compile(route));
};
