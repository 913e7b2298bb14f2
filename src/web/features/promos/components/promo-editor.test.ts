import type { PromoRuleRecord } from '@domain/promos/tool';
import { describe, expect, it } from 'vitest';
import { INITIAL_EDITOR, promoEditor } from './promo-editor';

const record = {
  collection: 'pending',
  name: 'Mask Week',
  rule: { name: 'Mask Week', id: 0, active: false, stop: false },
  tags: ['SPRING'],
  timestamps: {},
  publishToProd: { _seconds: 1_900_000_000 },
} as unknown as PromoRuleRecord;

describe('promo editor state', () => {
  it('Create starts an empty rule from now, never in production', () => {
    const inProduction = { ...INITIAL_EDITOR, collection: 'production' as const };
    const next = promoEditor(inProduction, { type: 'mode', mode: 'create', now: new Date() });
    expect(next).toMatchObject({ mode: 'create', collection: 'drafts', selected: [] });
    expect(JSON.parse(next.text)).toEqual({ name: '', id: 0, active: false, stop: false });
    expect(next.start).not.toBeNull();
  });

  it('loads a rule with its tags and delayed deploy; a new collection clears it outside Create', () => {
    const opened = promoEditor(INITIAL_EDITOR, { type: 'open', record });
    expect(opened).toMatchObject({
      mode: 'edit',
      collection: 'pending',
      selected: [record],
      tags: ['SPRING'],
      delayed: true,
      publishAt: 1_900_000_000,
    });
    const moved = promoEditor(opened, { type: 'collection', collection: 'drafts' });
    expect(moved).toMatchObject({ collection: 'drafts', selected: [], text: '', delayed: false });
  });

  it('switching delayed deploy off clears the publish date (spec 3 §4)', () => {
    const opened = promoEditor(INITIAL_EDITOR, { type: 'open', record });
    expect(promoEditor(opened, { type: 'delayed', on: false })).toMatchObject({
      delayed: false,
      publishAt: null,
    });
  });
});
