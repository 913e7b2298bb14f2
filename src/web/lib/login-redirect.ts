// Where the login page sends a user back to. Only same-origin paths are accepted so that a
// crafted `?next=https://…` link cannot bounce a signed-in agent to another site.

export const LOGIN_PATH = '/login';
const NEXT_PARAM = 'next';

export function safeNext(raw: string | null | undefined): string {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  if (raw === LOGIN_PATH || raw.startsWith(`${LOGIN_PATH}?`)) return '/';
  return raw;
}

export function loginUrl(next: string): string {
  const target = safeNext(next);
  return target === '/' ? LOGIN_PATH : `${LOGIN_PATH}?${NEXT_PARAM}=${encodeURIComponent(target)}`;
}

export function nextFromSearch(search: URLSearchParams): string {
  return safeNext(search.get(NEXT_PARAM));
}

/** Full page reload to the login page (spec 1 §2 Access behaviour), remembering where the user was going. */
export function reloadToLogin(next = `${window.location.pathname}${window.location.search}`): void {
  window.location.assign(loginUrl(next));
}
