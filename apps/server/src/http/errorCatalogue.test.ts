import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOGUES, FLAG_FAILURE, FLAG_SESSION_EXPIRED } from '@chelian/contracts';
import { installErrorHandlers } from './errorHandler.ts';
import { AppError } from './errors.ts';

const entries = Object.values(ERROR_CATALOGUES).flatMap((catalogue) => Object.values(catalogue));

describe('every catalogued failure on the wire', () => {
  const app = Fastify();
  beforeAll(async () => {
    installErrorHandlers(app);
    app.get('/fail/:index', async (request) => {
      const entry = entries[Number((request.params as { index: string }).index)];
      // every placeholder the text names gets a value, as its raiser would give one
      const params = Object.fromEntries([...entry.msg.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name, '测试']));
      throw new AppError(entry, { params });
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers its status, flag, Chinese text and stable errorCode', async () => {
    for (const [index, entry] of entries.entries()) {
      const res = await app.inject({ url: `/fail/${index}` });
      expect(res.statusCode, entry.code).toBe(entry.status);
      const body = res.json();
      expect(body.errorCode).toBe(entry.code);
      expect(body.flag).toBe(entry.flag);
      expect([FLAG_FAILURE, FLAG_SESSION_EXPIRED]).toContain(body.flag);
      expect(body.msg).not.toMatch(/\{\w+\}/); // placeholders filled
      expect(body.code).toBe(entry.status >= 400 ? entry.status : undefined);
    }
  });
});
