import type { ScreenStartAt } from '@domain/platform/screen-starts';
import fc from 'fast-check';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { answersBlock, type PageAnswer, pageAnswers } from './page-answers';

/** The JSON text between the block's tags, as the browser's parser would end it: at the first `</script`. */
function blockText(block: string): string {
  const open = '<script type="application/json" id="first-answers">';
  expect(block.startsWith(open)).toBe(true);
  const rest = block.slice(open.length);
  return rest.slice(0, rest.toLowerCase().indexOf('</script'));
}

describe('answersBlock', () => {
  it('holds every answer as it was, and nothing in an answer can end the block or start markup', () => {
    const text = fc.oneof(
      fc.string(),
      fc.constantFrom('</script>', '</SCRIPT ', '<!--', '<script>', ']]>', '\u2028', '\u2029', '&lt;'),
    );
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        text,
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(text, tie('value'), { maxKeys: 4 }),
      ),
    })).value;
    fc.assert(
      fc.property(fc.dictionary(text, json, { maxKeys: 5 }), (bodies) => {
        const answers = new Map<string, PageAnswer>(
          Object.entries(bodies).map(([key, body]) => [key, { status: 200, body }]),
        );
        const block = answersBlock(answers);
        const inner = blockText(block);
        // The block ends where it was written to end: the answers' own text holds no tag.
        expect(`${block.slice(0, block.length - inner.length - '</script>'.length)}${inner}</script>`).toBe(
          block,
        );
        expect(inner).not.toMatch(/[<>&\u2028\u2029]/);
        expect(JSON.parse(inner)).toEqual(JSON.parse(JSON.stringify(Object.fromEntries(answers))));
      }),
    );
  });
});

type Injected = { method: string; url: string; payload?: string; headers: Record<string, string> };

/** An app whose inject answers from `answer`, recording each call. */
function fakeApp(answer: (call: Injected) => Promise<{ statusCode: number; body: string }>) {
  const calls: Injected[] = [];
  const app = {
    inject: (call: Injected) => {
      calls.push(call);
      return answer(call);
    },
  } as unknown as FastifyInstance;
  return { app, calls };
}

const request = {
  headers: { cookie: 'bo_session=abc', 'user-agent': 'Test' },
  ip: '203.0.113.9',
} as unknown as FastifyRequest;

const ok = (body: unknown) => Promise.resolve({ statusCode: 200, body: JSON.stringify(body) });

/** The session check, signed in when its answer says so. */
const SESSION = {
  call: '/api/auth/session',
  signedIn: (body: unknown) => (body as { isLogged?: boolean } | undefined)?.isLogged !== false,
};

describe('pageAnswers', () => {
  it('asks as the staff member, follows up from the first answers, and carries only successful answers', async () => {
    const { app, calls } = fakeApp(async (call) => {
      if (call.url === '/api/denied') return { statusCode: 403, body: '{"success":false}' };
      if (call.method === 'POST') return ok({ posted: JSON.parse(call.payload ?? 'null') });
      return ok({ url: call.url });
    });
    const screen: ScreenStartAt = {
      chunk: 'x',
      calls: ['/api/first', '/api/denied'],
      posts: [['POST', '/api/query', { query: '{ a }' }]],
      followUps: async ([first, denied, posted]) => [
        [
          `/api/next`,
          { from: (first as { url: string }).url, denied: denied === undefined, posted: !!posted },
        ],
      ],
    };
    const { answers, gets } = await pageAnswers(
      app,
      request,
      { session: SESSION, shellCalls: ['/api/flags'], screens: [screen] },
      1_000,
    );
    expect([...answers.keys()]).toEqual([
      '/api/auth/session',
      '/api/flags',
      '/api/first',
      'POST /api/query {"query":"{ a }"}',
      '/api/next?from=%2Fapi%2Ffirst&denied=true&posted=true',
    ]);
    expect(answers.get('/api/first')).toEqual({ status: 200, body: { url: '/api/first' } });
    expect(gets).toEqual([
      '/api/auth/session',
      '/api/flags',
      '/api/first',
      '/api/denied',
      '/api/next?from=%2Fapi%2Ffirst&denied=true&posted=true',
    ]);
    for (const call of calls) {
      expect(call.headers.cookie).toBe('bo_session=abc');
      expect(call.headers['user-agent']).toBe('Test');
    }
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.headers['x-requested-with']).toBeDefined();
    expect(post.headers['content-type']).toBe('application/json');
  });

  it('waits at most its time: an answer that comes later is left to the app', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { app } = fakeApp(async (call) => {
      if (call.url === '/api/slow') await held;
      return ok({ url: call.url });
    });
    const screen: ScreenStartAt = { chunk: 'x', calls: ['/api/slow', '/api/quick'], posts: [] };
    const started = Date.now();
    const { answers, gets } = await pageAnswers(
      app,
      request,
      { session: SESSION, shellCalls: [], screens: [screen] },
      50,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    expect([...answers.keys()]).toEqual(['/api/auth/session', '/api/quick']);
    expect(gets).toEqual(['/api/auth/session', '/api/slow', '/api/quick']);
    release();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect([...answers.keys()]).toEqual(['/api/auth/session', '/api/quick']);
  });

  it('a call that throws leaves the rest as they are', async () => {
    const { app } = fakeApp(async (call) => {
      if (call.url === '/api/broken') throw new Error('down');
      return call.url === '/api/text' ? { statusCode: 200, body: 'not json' } : ok({ url: call.url });
    });
    const screen: ScreenStartAt = { chunk: 'x', calls: ['/api/broken', '/api/text', '/api/fine'], posts: [] };
    const { answers } = await pageAnswers(
      app,
      request,
      { session: SESSION, shellCalls: [], screens: [screen] },
      1_000,
    );
    expect([...answers.keys()]).toEqual(['/api/auth/session', '/api/fine']);
  });

  it('asks for nothing more when the session check does not answer a signed-in staff member', async () => {
    const { app, calls } = fakeApp(async (call) =>
      ok(call.url === '/api/auth/session' ? { isLogged: false } : {}),
    );
    const screen: ScreenStartAt = { chunk: 'x', calls: ['/api/first'], posts: [['POST', '/api/q', {}]] };
    const { answers, gets } = await pageAnswers(
      app,
      request,
      { session: SESSION, shellCalls: ['/api/flags'], screens: [screen] },
      1_000,
    );
    // One call for a cookie of no session, whatever the page would read.
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/session']);
    expect([...answers.keys()]).toEqual(['/api/auth/session']);
    expect(gets).toEqual(['/api/auth/session']);
  });
});
