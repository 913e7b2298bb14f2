import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@domain/auth/contracts';
import { callKey, PAGE_ANSWERS_ID } from '@domain/platform/call-keys';
import type { GetCall, PostCall } from '@domain/platform/calls';
import type { ScreenStartAt } from '@domain/platform/screen-starts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

// The answers a signed-in screen needs first, sent with its page (ADR 051): the server asks its
// own API for them, as the staff member (their cookie, through the whole request pipeline: the
// same session check, permissions, field rules and answer schemas as the browser's own call), and
// writes the successful answers into the page. The app then starts with them instead of asking
// over the network, and the calls that follow from them (the checkout's customer and catalog,
// the payouts of the shown period) are answered too, instead of waiting for the app's code.

/**
 * How long the page waits for its answers by default (PAGE_ANSWERS_WAIT_MS); what has not answered
 * by then is left to the app.
 */
export const PAGE_ANSWERS_WAIT_MS = 300;

export interface PageAnswer {
  status: number;
  body: unknown;
}

export interface PageAnswers {
  /** Successful answers, by call key (callKey): what the page carries. */
  answers: Map<string, PageAnswer>;
  /** Every GET the page's screens start with or follow up with, by URL, answered or not. */
  gets: string[];
}

const asGet = (url: string): GetCall => [url];

/** What a page asks for. */
export interface PagePlan {
  /**
   * The session check: asked first, and nothing else unless its answer says a staff member is
   * signed in. A cookie of no session then costs one call, not one for each of the page's reads.
   */
  session: { call: string; signedIn: (body: unknown) => boolean };
  /** The shell's other first calls (the menu's flags). */
  shellCalls: readonly string[];
  screens: readonly ScreenStartAt[];
}

/**
 * Asks for the session, then the shell's and the screens' first calls, then for the calls that
 * follow from their answers, as the staff member of `request`; answers what has come within
 * `waitMs`.
 */
export async function pageAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  plan: PagePlan,
  waitMs = PAGE_ANSWERS_WAIT_MS,
): Promise<PageAnswers> {
  const answers = new Map<string, PageAnswer>();
  const gets: string[] = [];
  let open = true;
  const headers = {
    cookie: request.headers.cookie ?? '',
    accept: 'application/json',
    ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
  };

  /** One call through the app; its body when it succeeded, else undefined (the app then asks itself). */
  const ask = async (call: GetCall | PostCall): Promise<unknown> => {
    const key = callKey(call);
    if (call[0] !== 'POST') gets.push(key);
    const post = call[0] === 'POST' ? (call as PostCall) : null;
    let res: { statusCode: number; body: string };
    try {
      res = await (post
        ? app.inject({
            method: 'POST',
            url: post[1],
            payload: JSON.stringify(post[2]),
            headers: { ...headers, 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE },
            remoteAddress: request.ip,
          })
        : app.inject({ method: 'GET', url: key, headers, remoteAddress: request.ip }));
    } catch {
      return undefined;
    }
    if (res.statusCode < 200 || res.statusCode >= 300) return undefined;
    let body: unknown;
    try {
      body = res.body ? JSON.parse(res.body) : undefined;
    } catch {
      return undefined;
    }
    if (open) answers.set(key, { status: res.statusCode, body });
    return body;
  };

  const screen = async (start: ScreenStartAt) => {
    const first = await Promise.all([...start.calls.map(asGet), ...start.posts].map(ask));
    if (!start.followUps) return;
    const next = await start.followUps(first).catch(() => []);
    await Promise.all(next.map(ask));
  };

  const all = (async () => {
    if (!plan.session.signedIn(await ask(asGet(plan.session.call)))) return;
    await Promise.all([...plan.shellCalls.map((url) => ask(asGet(url))), ...plan.screens.map(screen)]);
  })();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    all,
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, waitMs);
    }),
  ]);
  clearTimeout(timer);
  open = false;
  return { answers, gets: [...gets] };
}

/**
 * The answers as the page's data block. Its text is JSON with `<`, `>`, `&` and the two line
 * separators escaped, so that nothing in an answer can end the block or start markup.
 */
export function answersBlock(answers: ReadonlyMap<string, PageAnswer>): string {
  const json = JSON.stringify(Object.fromEntries(answers))
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
  return `<script type="application/json" id="${PAGE_ANSWERS_ID}">${json}</script>`;
}
