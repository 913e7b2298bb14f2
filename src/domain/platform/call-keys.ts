import type { GetCall, PostCall } from './calls';

export type QueryValue = string | number | boolean | null | undefined;

/** The URL of a GET: its path, then its query without the empty values. */
export function callUrl(path: string, query?: Readonly<Record<string, QueryValue>>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** What a read sent as a POST is known by: its path and its body, written out. */
export const postKey = (path: string, body: unknown) => `POST ${path} ${JSON.stringify(body)}`;

/** What an answer is known by, ahead of the screen and in the page: a GET's URL, a POST's key. */
export function callKey(call: GetCall | PostCall): string {
  if (call[0] === 'POST') {
    const [, path, body] = call as PostCall;
    return postKey(path, body);
  }
  const [path, query] = call as GetCall;
  return callUrl(path, query);
}

/** The id of the page's data block that holds the answers the server sent with it (ADR 051). */
export const PAGE_ANSWERS_ID = 'first-answers';
