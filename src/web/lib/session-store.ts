// Session storage that never fails (spec 3 §3 Form field: forms flagged persist are saved per
// locale in session storage and restored). Where the browser refuses session storage (blocked
// storage throws on access, a full quota throws on write, a sandboxed frame has none), values live
// in memory for the page's life instead: the form still restores within the page, and nothing throws.

export interface SessionStore {
  get<T = unknown>(key: string): T | null;
  set(key: string, value: unknown): void;
  remove(key: string): void;
}

export function createSessionStore(storage: () => Storage | null | undefined): SessionStore {
  const memory = new Map<string, string>();
  const backing = (): Storage | null => {
    try {
      return storage() ?? null;
    } catch {
      return null;
    }
  };
  const parse = <T>(raw: string | null | undefined): T | null => {
    if (raw === null || raw === undefined) return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return null;
    }
  };
  return {
    get<T>(key: string): T | null {
      if (memory.has(key)) return parse<T>(memory.get(key));
      try {
        return parse<T>(backing()?.getItem(key));
      } catch {
        return null;
      }
    },
    set(key, value) {
      const raw = JSON.stringify(value);
      try {
        const s = backing();
        if (!s) throw new Error('no session storage');
        s.setItem(key, raw);
        memory.delete(key);
      } catch {
        // Kept in memory; a stale stored copy must not shadow it.
        memory.set(key, raw);
        try {
          backing()?.removeItem(key);
        } catch {}
      }
    },
    remove(key) {
      memory.delete(key);
      try {
        backing()?.removeItem(key);
      } catch {}
    },
  };
}

/** The browser's session storage, or memory where it is unavailable. */
export const sessionStore = createSessionStore(() =>
  typeof window === 'undefined' ? null : window.sessionStorage,
);

/** Where a persisted form is kept: per form, per locale (spec 3 §3), per customer checked out for. */
export const persistedFormKey = (formKey: string, localeCode: string, scope: string) =>
  `form:${formKey}:${localeCode}:${scope}`;
