import { describe, expect, it } from 'vitest';
import { createSessionStore, persistedFormKey } from './session-store';

/** A Storage in memory, with switches to make it throw as browsers do. */
function fakeStorage(o: { throwOnRead?: boolean; throwOnWrite?: boolean } = {}) {
  const items = new Map<string, string>();
  const storage = {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    key: (i: number) => [...items.keys()][i] ?? null,
    getItem(k: string) {
      if (o.throwOnRead) throw new DOMException('denied', 'SecurityError');
      return items.get(k) ?? null;
    },
    setItem(k: string, v: string) {
      if (o.throwOnWrite) throw new DOMException('full', 'QuotaExceededError');
      items.set(k, v);
    },
    removeItem: (k: string) => void items.delete(k),
  } satisfies Storage;
  return { storage, items };
}

describe('session store', () => {
  it('keeps values in session storage when it works', () => {
    const { storage, items } = fakeStorage();
    const store = createSessionStore(() => storage);
    store.set('a', { city: 'Austin' });
    expect(items.get('a')).toBe('{"city":"Austin"}');
    expect(store.get('a')).toEqual({ city: 'Austin' });
    // Another store on the same storage (a reload) reads it back.
    expect(createSessionStore(() => storage).get('a')).toEqual({ city: 'Austin' });
    store.remove('a');
    expect(store.get('a')).toBeNull();
  });

  it('falls back to memory when reaching session storage throws', () => {
    const store = createSessionStore(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(store.get('a')).toBeNull();
    store.set('a', { city: 'Austin' });
    expect(store.get('a')).toEqual({ city: 'Austin' });
    store.remove('a');
    expect(store.get('a')).toBeNull();
  });

  it('falls back to memory when reading or writing throws, and a stale stored copy does not win', () => {
    const reads = createSessionStore(() => fakeStorage({ throwOnRead: true, throwOnWrite: true }).storage);
    reads.set('b', [1, 2]);
    expect(reads.get('b')).toEqual([1, 2]);
    // Writes start failing (a full quota): the new value lives in memory, the stored one is dropped.
    const switches = { throwOnWrite: false };
    const full = fakeStorage(switches);
    const store = createSessionStore(() => full.storage);
    store.set('c', 'old');
    expect(full.items.get('c')).toBe('"old"');
    switches.throwOnWrite = true;
    store.set('c', 'new');
    expect(store.get('c')).toBe('new');
    expect(full.items.has('c')).toBe(false);
  });

  it('reads a value that is not JSON as absent, and works without any storage', () => {
    const { storage, items } = fakeStorage();
    items.set('x', '{not json');
    expect(createSessionStore(() => storage).get('x')).toBeNull();
    const none = createSessionStore(() => null);
    none.set('y', 5);
    expect(none.get('y')).toBe(5);
  });

  it('keys a form per locale and per customer', () => {
    expect(persistedFormKey('checkout-shipping', 'fr-CA', 'UID1')).toBe('form:checkout-shipping:fr-CA:UID1');
    expect(persistedFormKey('checkout-shipping', 'en-CA', 'UID1')).not.toBe(
      persistedFormKey('checkout-shipping', 'fr-CA', 'UID1'),
    );
  });
});
