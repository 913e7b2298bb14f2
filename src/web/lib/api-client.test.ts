import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@domain/auth/contracts';
import { CALL_TIMEOUT_MS } from '@domain/reference/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, api, buildUrl, SuccessOnly, settle } from './api-client';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function mockFetch(answer: (input: string, init: RequestInit) => Promise<Response>) {
  const fetchMock = vi.fn(answer);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('sends the CSRF header and same-origin credentials on mutations only', async () => {
    const fetchMock = mockFetch(async () => json(200, { success: true }));
    await api.get('/api/a', SuccessOnly);
    await api.post('/api/b', SuccessOnly, { x: 1 });
    const [, getInit] = fetchMock.mock.calls[0]!;
    const [, postInit] = fetchMock.mock.calls[1]!;
    expect((getInit.headers as Record<string, string>)[CSRF_HEADER]).toBeUndefined();
    expect((postInit.headers as Record<string, string>)[CSRF_HEADER]).toBe(CSRF_HEADER_VALUE);
    expect(postInit.credentials).toBe('same-origin');
    expect(postInit.body).toBe('{"x":1}');
  });

  it('gives exactly {success:false, error:"Timed Out"} after 15000 ms (spec 1 §7)', async () => {
    vi.useFakeTimers();
    mockFetch(
      (_input, init) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const call = settle(api.get('/api/slow', SuccessOnly));
    await vi.advanceTimersByTimeAsync(CALL_TIMEOUT_MS - 1);
    let settled = false;
    void call.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await call).toEqual({ success: false, error: 'Timed Out' });
  });

  it('turns error answers into ApiError with the server envelope', async () => {
    mockFetch(async () => json(429, { success: false, error: 'Too many failed sign-in attempts.' }));
    const error = await api.post('/api/auth/login', SuccessOnly, {}, { public: true }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(429);
    expect(error.body.error).toBe('Too many failed sign-in attempts.');
  });

  it('keeps a 403 permission code and supplies a message when the body has none', async () => {
    mockFetch(async () => json(403, { success: false, code: 'INSUFFICIENT_PERMISSIONS' }));
    const error = await api.get('/api/x', SuccessOnly).catch((e) => e);
    expect(error.code).toBe('INSUFFICIENT_PERMISSIONS');
    expect(error.body.error).toMatch(/permission/);
  });

  it('rejects an answer that does not match the contract', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch(async () => json(200, { success: true, data: { id: 'not-a-number' } }));
    const error = await api.get('/api/x', z.object({ data: z.object({ id: z.number() }) })).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
  });

  it('leaves empty query values out of the URL', () => {
    expect(buildUrl('/api/a', { q: '', role: undefined, page: 2, status: 'all' })).toBe(
      '/api/a?page=2&status=all',
    );
  });
});
