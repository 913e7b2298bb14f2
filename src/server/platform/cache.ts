/**
 * A per-process cache for reads that may be a little stale (the dashboard). Concurrent callers
 * share one load. Only a cache: every process computes the same answer from the database.
 */
export function cachedLoader<T>(ttlMs: number, load: () => Promise<T>): { get(): Promise<T>; clear(): void } {
  let value: { at: number; promise: Promise<T> } | undefined;
  return {
    get() {
      const now = Date.now();
      if (!value || now - value.at > ttlMs) {
        const promise = load();
        value = { at: now, promise };
        // A failed load is not kept: the next caller tries again.
        promise.catch(() => {
          if (value?.promise === promise) value = undefined;
        });
      }
      return value.promise;
    },
    clear() {
      value = undefined;
    },
  };
}
