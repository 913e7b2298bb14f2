import { AddressInput } from '@domain/addresses';
import { describe, expect, it } from 'vitest';
import { generateAccount } from './account-pipeline';
import { RecordingSink } from './recording-sink';
import { prepareRun } from './setup';
import { makeClock } from './time';

describe('demo shipping addresses', () => {
  it('pass the address form rules, so staff can edit them as they are', () => {
    const sink = new RecordingSink();
    const ctx = prepareRun(sink, 42, makeClock(new Date('2025-06-15T19:30:00Z')), 400);
    for (let idx = 0; idx < 400; idx++) generateAccount(ctx, idx);
    const rows = sink.rows('shipping_addresses');
    expect(rows.length).toBeGreaterThan(300);
    const failures = rows.flatMap((a) => {
      const r = AddressInput.safeParse({ ...a, telephone: a.telephone ?? '' });
      return r.success ? [] : [`${JSON.stringify(a)} → ${r.error.issues.map((i) => i.message).join('; ')}`];
    });
    expect(failures.slice(0, 5)).toEqual([]);
  });
});
