import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

// The OpenAPI document is a contract: every operation is named, summarised, says who may call it
// and which error answers to expect (the shared components), and CSV answers say text/csv.

type Operation = {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  responses: Record<string, { $ref?: string; content?: Record<string, unknown> }>;
};

let t: TestApp;
let operations: [string, string, Operation][];
beforeAll(async () => {
  t = await createTestApp();
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  operations = Object.entries(doc.paths as Record<string, Record<string, Operation>>).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => [method, path, op] as [string, string, Operation]),
  );
});
afterAll(() => t.close());

describe('the OpenAPI document', () => {
  it('names and summarises every operation, with unique ids', () => {
    expect(operations.length).toBeGreaterThan(100);
    const ids = operations.map(([, , op]) => op.operationId);
    for (const [method, path, op] of operations) {
      expect(op.operationId, `${method} ${path}`).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(op.summary, `${method} ${path}`).toBeTruthy();
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('gives every operation the shared error answers, and public routes no security', () => {
    for (const [method, path, op] of operations) {
      const refs = Object.entries(op.responses).filter(([code, r]) => code.startsWith('4') && r.$ref);
      expect(refs.length, `${method} ${path}`).toBeGreaterThan(0);
      for (const [, r] of refs) expect(r.$ref).toMatch(/^#\/components\/responses\//);
    }
    const login = operations.find(([m, p]) => m === 'post' && p === '/api/auth/login')?.[2];
    expect(login?.security).toEqual([]);
    expect(login?.responses['401']).toBeUndefined();
    const admins = operations.find(([m, p]) => m === 'get' && p === '/api/administrators')?.[2];
    expect(admins?.security).toBeUndefined();
    expect(admins?.responses['403']).toEqual({ $ref: '#/components/responses/Forbidden' });
  });

  it('declares CSV answers as text/csv', () => {
    const csv = operations.filter(([, path]) => /\.csv$|\/export$/.test(path));
    expect(csv.length).toBeGreaterThan(0);
    for (const [, , op] of csv) expect(Object.keys(op.responses['200']?.content ?? {})).toEqual(['text/csv']);
  });
});
