import { callKey } from '@domain/platform/call-keys';
import { api, preloadGet, SuccessOnly } from '@web/lib/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { takePageAnswers } from './page-answers';

/** A document whose data block holds `text`; records whether the block was taken off. */
function pageWith(text: string | null) {
  const state = { removed: false };
  const doc = {
    getElementById: (id: string) =>
      text === null || id !== 'first-answers'
        ? null
        : {
            textContent: text,
            remove: () => {
              state.removed = true;
            },
          },
  } as unknown as Document;
  return { doc, state };
}

function mockFetch() {
  const fetchMock = vi.fn(
    async () => new Response(JSON.stringify({ success: true, from: 'network' }), { status: 200 }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe("the answers the app's page came with (ADR 051)", () => {
  it('are taken by the calls they answer, GETs and reads sent as a POST, once each, without a request', async () => {
    const fetchMock = mockFetch();
    const body = { query: '{ periods { periodId } }', variables: {} };
    const { doc, state } = pageWith(
      JSON.stringify({
        '/api/page/a?page=1': { status: 200, body: { success: true, from: 'page', n: 1 } },
        [callKey(['POST', '/api/page/graph', body])]: { status: 200, body: { success: true, from: 'page' } },
      }),
    );
    takePageAnswers(doc);
    expect(state.removed).toBe(true);
    // A route's loader sees the answer for the calls that follow from it.
    expect(await preloadGet('/api/page/a', { page: 1 })).toEqual({ success: true, from: 'page', n: 1 });
    expect(await api.get('/api/page/a', SuccessOnly, { query: { page: 1 } })).toEqual({
      success: true,
      from: 'page',
      n: 1,
    });
    expect(await api.post('/api/page/graph', SuccessOnly, body)).toEqual({ success: true, from: 'page' });
    expect(fetchMock).not.toHaveBeenCalled();
    // Taken once: the next call asks the server.
    expect(await api.get('/api/page/a', SuccessOnly, { query: { page: 1 } })).toEqual({
      success: true,
      from: 'network',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a page without them, or with a block that is not answers, changes nothing', async () => {
    const fetchMock = mockFetch();
    for (const text of [null, '', 'not json', 'null', '[1]', '{"/api/page/b":{"status":"200","body":{}}}'])
      takePageAnswers(pageWith(text).doc);
    expect(await api.get('/api/page/b', SuccessOnly)).toEqual({ success: true, from: 'network' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('an answer that is not a success is not kept: the screen asks for itself', async () => {
    const fetchMock = mockFetch();
    takePageAnswers(pageWith('{"/api/page/c":{"status":403,"body":{"success":false}}}').doc);
    expect(await api.get('/api/page/c', SuccessOnly)).toEqual({ success: true, from: 'network' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
