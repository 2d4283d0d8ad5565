import { describe, expect, it } from 'vitest';
import { ENDPOINT_GROUPS, ERROR_CATALOGUES } from './catalogue.ts';
import { RESOURCE_BY_CODE } from './resources.ts';

const endpoints = Object.values(ENDPOINT_GROUPS).flatMap((group) => Object.values(group));
const errors = Object.values(ERROR_CATALOGUES).flatMap((catalogue) => Object.values(catalogue));
const CHINESE = /[\u4e00-\u9fff]/;

describe('the endpoint table', () => {
  it('declares each method and path once', () => {
    const keys = endpoints.flatMap((e) => (e.method === 'GET|POST' ? ['GET', 'POST'] : [e.method]).map((m) => `${m} ${e.path}`));
    expect(new Set(keys).size).toBe(keys.length);
  });
  it('names every endpoint in Chinese and requires only catalogued permission codes', () => {
    for (const e of endpoints) {
      expect(e.summary, e.path).toMatch(CHINESE);
      if (e.permission) expect(RESOURCE_BY_CODE.has(e.permission), `${e.path} → ${e.permission}`).toBe(true);
      expect(e.answer === undefined || e.produces === undefined, `${e.path}: an answer or a file, not both`).toBe(true);
    }
  });
});

describe('the error catalogues', () => {
  it('give every failure a unique stable code and a Chinese text', () => {
    const codes = errors.map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const e of errors) {
      expect(e.code).toMatch(/^[a-z][a-zA-Z]*\.[a-z][a-zA-Z0-9]*$/);
      expect(e.msg, e.code).toMatch(CHINESE);
      expect([200, 400, 403, 404, 409, 413, 415, 429, 500, 502, 503]).toContain(e.status);
    }
  });
  it('name each catalogue after the module its codes carry', () => {
    for (const [module, catalogue] of Object.entries(ERROR_CATALOGUES)) {
      for (const e of Object.values(catalogue)) expect(e.code.startsWith(`${module}.`), e.code).toBe(true);
    }
  });
});
