import { describe, expect, it, vi } from 'vitest';
import { cachedLoader } from './cache';

describe('cachedLoader', () => {
  it('shares one load between callers within the time to live, then loads again', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const cache = cachedLoader(30_000, async () => ++calls);
    expect(await Promise.all([cache.get(), cache.get()])).toEqual([1, 1]);
    vi.advanceTimersByTime(29_000);
    expect(await cache.get()).toBe(1);
    vi.advanceTimersByTime(2_000);
    expect(await cache.get()).toBe(2);
    vi.useRealTimers();
  });

  it('does not keep a failure', async () => {
    let fail = true;
    const cache = cachedLoader(30_000, async () => {
      if (fail) throw new Error('database down');
      return 'ok';
    });
    await expect(cache.get()).rejects.toThrow('database down');
    fail = false;
    expect(await cache.get()).toBe('ok');
  });
});
