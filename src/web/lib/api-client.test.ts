import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@domain/auth/contracts';
import { CALL_TIMEOUT_MS } from '@domain/reference/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  ApiError,
  api,
  buildUrl,
  checkedInDevelopment,
  preloadGet,
  preloadPost,
  SuccessMessage,
  SuccessOnly,
  settle,
} from './api-client';

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

  it("reads a GraphQL endpoint's first error as the message", async () => {
    mockFetch(async () =>
      json(400, { data: null, errors: [{ message: 'Unknown period' }, { message: 'x' }] }),
    );
    const error = await api.post('/api/startCounting/query', SuccessOnly, { query: '{}' }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Unknown period');
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

  it('keeps the issues of a 400 answer for the form to show', async () => {
    mockFetch(async () =>
      json(400, { success: false, error: 'Invalid input', issues: [{ path: 'email', message: 'Required' }] }),
    );
    const error = await api.post('/api/x', SuccessOnly, {}).catch((e) => e);
    expect(error.body).toEqual({
      success: false,
      error: 'Invalid input',
      issues: [{ path: 'email', message: 'Required' }],
    });
  });

  it('checks simple answers without zod', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch(async () => json(200, { success: true }));
    expect(await api.post('/api/x', SuccessOnly)).toEqual({ success: true });
    const missing = await api.post('/api/x', SuccessMessage).catch((e) => e);
    expect(missing).toBeInstanceOf(ApiError);
  });

  it('checks a first-screen contract against the real schema in development (tests run as development)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const contract = checkedInDevelopment(async () => z.object({ id: z.number() }));
    mockFetch(async () => json(200, { id: 7 }));
    expect(await api.get('/api/x', contract)).toEqual({ id: 7 });
    mockFetch(async () => json(200, { id: 'seven' }));
    expect(await api.get('/api/x', contract).catch((e) => e)).toBeInstanceOf(ApiError);
  });
});

describe('a lost session (401)', () => {
  function browserAt(path: string, search = '') {
    const assign = vi.fn();
    vi.stubGlobal('window', { location: { pathname: path, search, assign } });
    return assign;
  }

  /** Whether the call settled (resolved or rejected) within a few turns of the event loop. */
  async function settles(call: Promise<unknown>): Promise<boolean> {
    let settled = false;
    call.then(
      () => {
        settled = true;
      },
      () => {
        settled = true;
      },
    );
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
    return settled;
  }

  it('sends a read to login at once with a full page load, keeping the way back', async () => {
    const assign = browserAt('/administrators', '?q=robin');
    mockFetch(async () => json(401, { success: false, error: 'Please sign in.', code: 'UNAUTHENTICATED' }));
    const call = api.get('/api/administrators', SuccessOnly);
    // The page is being replaced: the screen gets neither data nor an error to flash.
    expect(await settles(call)).toBe(false);
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith(`/login?next=${encodeURIComponent('/administrators?q=robin')}`);
  });

  it('does the same for a change (POST, PATCH) and for an answer without a body', async () => {
    const assign = browserAt('/outbox');
    mockFetch(async () => new Response(null, { status: 401 }));
    expect(await settles(api.post('/api/outbox/3/retry', SuccessOnly))).toBe(false);
    expect(await settles(api.patch('/api/administrators/x', SuccessOnly, { role: 'agent' }))).toBe(false);
    expect(assign).toHaveBeenCalledTimes(2);
    expect(assign).toHaveBeenLastCalledWith('/login?next=%2Foutbox');
  });

  it('from the dashboard, goes to plain /login (the dashboard is where login leads anyway)', async () => {
    const assign = browserAt('/');
    mockFetch(async () => json(401, { success: false, error: 'Please sign in.' }));
    expect(await settles(api.get('/api/dashboard', SuccessOnly))).toBe(false);
    expect(assign).toHaveBeenCalledWith('/login');
  });

  it('leaves a public call (sign-in, session check, password pages) to show the 401 itself', async () => {
    const assign = browserAt('/login');
    mockFetch(async () =>
      json(401, { success: false, error: 'The email or password is incorrect.', code: 'UNAUTHENTICATED' }),
    );
    const error = await api.post('/api/auth/login', SuccessOnly, {}, { public: true }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(401);
    expect(error.body.error).toBe('The email or password is incorrect.');
    expect(assign).not.toHaveBeenCalled();
  });

  it('does not treat 403 (signed in, not allowed) as a lost session', async () => {
    const assign = browserAt('/outbox');
    mockFetch(async () => json(403, { success: false, error: 'No.', code: 'INSUFFICIENT_PERMISSIONS' }));
    expect(await api.get('/api/outbox', SuccessOnly).catch((e) => e)).toBeInstanceOf(ApiError);
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('answers asked for ahead of the screen (preloadGet)', () => {
  it('the screen takes the early answer: one request, the same data', async () => {
    const fetchMock = mockFetch(async () => json(200, { success: true, n: 1 }));
    preloadGet('/api/early', { a: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const answer = await api.get('/api/early', SuccessOnly, { query: { a: 1 } });
    expect(answer).toEqual({ success: true, n: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/early?a=1');
    // Taken once: the next call asks the server again.
    await api.get('/api/early', SuccessOnly, { query: { a: 1 } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('answers the body of a successful early answer, for the calls that follow from it; nothing for an error', async () => {
    mockFetch(async (url) =>
      String(url).includes('gone')
        ? json(404, { success: false, error: 'Cart not found' })
        : json(200, { success: true, data: { uid: 'U1' } }),
    );
    expect(await preloadGet('/api/body')).toEqual({ success: true, data: { uid: 'U1' } });
    // The same URL again while it is on its way: the same answer, no second request.
    expect(await preloadGet('/api/body')).toEqual({ success: true, data: { uid: 'U1' } });
    expect(await preloadGet('/api/gone')).toBeUndefined();
  });

  it('a read sent as a POST is taken by the call with the same path and body only', async () => {
    const fetchMock = mockFetch(async () => json(200, { success: true }));
    const body = { query: '{ periods { periodId } }', variables: {} };
    expect(await preloadPost('/api/graph', body)).toEqual({ success: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/graph');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify(body));
    expect((init.headers as Record<string, string>)[CSRF_HEADER]).toBe(CSRF_HEADER_VALUE);
    // Another body, or a GET of the same path, goes to the server.
    await api.post('/api/graph', SuccessOnly, { ...body, variables: { a: 1 } });
    await api.get('/api/graph', SuccessOnly);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await api.post('/api/graph', SuccessOnly, body);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    // Taken once.
    await api.post('/api/graph', SuccessOnly, body);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('a second preload of the same URL while the first is on its way asks nothing more', async () => {
    const fetchMock = mockFetch(async () => json(200, { success: true }));
    preloadGet('/api/twice');
    preloadGet('/api/twice');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await api.get('/api/twice', SuccessOnly);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('an early error answer reaches the screen as any other (ApiError with the envelope)', async () => {
    mockFetch(async () => json(404, { success: false, error: 'Order not found', code: 'NOT_FOUND' }));
    preloadGet('/api/missing');
    const error = await api.get('/api/missing', SuccessOnly).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).body.error).toBe('Order not found');
  });

  it('an early call that could not reach the server is asked again by the screen', async () => {
    let calls = 0;
    const fetchMock = mockFetch(async () => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return json(200, { success: true });
    });
    preloadGet('/api/flaky');
    expect(await api.get('/api/flaky', SuccessOnly)).toEqual({ success: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('an early answer nobody took within 10 s is dropped: the screen asks afresh', async () => {
    vi.useFakeTimers();
    const fetchMock = mockFetch(async () => json(200, { success: true }));
    preloadGet('/api/late');
    await vi.advanceTimersByTimeAsync(10_001);
    await api.get('/api/late', SuccessOnly);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('mutations never take an early answer', async () => {
    const fetchMock = mockFetch(async () => json(200, { success: true }));
    preloadGet('/api/thing');
    await api.post('/api/thing', SuccessOnly, {});
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[1]![1].method).toBe('POST');
  });
});
