import { describe, expect, it } from 'vitest';
import { chunkLoader } from './chunk-load';

describe('chunkLoader', () => {
  it('fetches once for every call while the load stands, and again after a failed load', async () => {
    let calls = 0;
    let fail = true;
    const load = chunkLoader(async () => {
      calls++;
      if (fail) throw new Error('Failed to fetch dynamically imported module');
      return 'module';
    });
    await expect(Promise.all([load(), load()])).rejects.toThrow('dynamically imported');
    expect(calls).toBe(1);
    fail = false;
    expect(await Promise.all([load(), load(), load()])).toEqual(['module', 'module', 'module']);
    expect(calls).toBe(2);
  });
});
