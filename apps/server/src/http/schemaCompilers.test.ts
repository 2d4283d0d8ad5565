import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { sharedSchemaCompilers } from './schemaCompilers.ts';

const body = { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] };
const answer = { 200: { type: 'object', properties: { doubled: { type: 'integer' } } } };

/** An app as buildApp makes it (the same compilers), with one route. */
async function appWith() {
  const app = Fastify({ schemaController: { compilersFactory: sharedSchemaCompilers() } });
  app.post('/double', { schema: { body: structuredClone(body), response: structuredClone(answer) } }, async (req) => ({
    doubled: (req.body as { n: number }).n * 2,
    secret: 'not in the schema',
  }));
  await app.ready();
  return app;
}

describe('schema compilers shared by every app of the process', () => {
  it('compile a schema once: a second app gets the same functions for an equal schema, another schema its own', () => {
    const compilers = sharedSchemaCompilers();
    const validator = (schema: object) =>
      (compilers.buildValidator as unknown as (e: object, o: object) => (r: object) => unknown)(
        {},
        { customOptions: {} },
      )({
        schema,
        method: 'POST',
        url: '/x',
        httpPart: 'body',
      });
    const serializer = (schema: object) => compilers.buildSerializer!({}, {})({ schema, method: 'POST', url: '/x', httpStatus: '200' });
    expect(validator(structuredClone(body))).toBe(validator(structuredClone(body)));
    expect(validator({ ...body, required: [] })).not.toBe(validator(body));
    expect(serializer(structuredClone(answer[200]))).toBe(serializer(structuredClone(answer[200])));
  });

  it('validate and serialize as Fastify’s own do, in each of two apps', async () => {
    for (const app of [await appWith(), await appWith()]) {
      const ok = await app.inject({ method: 'POST', url: '/double', payload: { n: 21 } });
      expect(ok.json()).toEqual({ doubled: 42 });
      const bad = await app.inject({ method: 'POST', url: '/double', payload: { n: 'x' } });
      expect(bad.statusCode).toBe(400);
      await app.close();
    }
  });
});
