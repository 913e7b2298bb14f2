import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type Carried, fieldOrNotice, StandIn } from './deferred-field';

const look = { label: 'New sponsor', size: 'small' as const };
const PROBLEM = 'The consultant search did not load. Reload the page to try again.';

describe('a search field loaded on first use (ADR 044)', () => {
  it('is the field once its code is there', async () => {
    const Field = (_props: Carried) => null;
    const loaded = await fieldOrNotice(async () => Field, look, PROBLEM);
    expect(loaded.default).toBe(Field);
  });

  it('keeps the stand-in with what was typed, and says the field did not load, when its code cannot be fetched', async () => {
    const loaded = await fieldOrNotice(
      async () => {
        throw new Error('Failed to fetch dynamically imported module: /assets/consultant-picker.js');
      },
      look,
      PROBLEM,
    );
    const html = renderToString(createElement(loaded.default, { initialText: 'M1234' }));
    expect(html).toContain('New sponsor');
    expect(html).toContain('value="M1234"');
    expect(html).toContain(PROBLEM);
    expect(html).toContain('role="alert"');
  });

  it('stands in with the same label, helper text and the text typed', () => {
    const html = renderToString(
      createElement(StandIn, {
        label: 'Find an address',
        helperText: 'Street, city, ZIP or postal code',
        text: 'Ada',
        onText: () => {},
      }),
    );
    expect(html).toContain('Find an address');
    expect(html).toContain('Street, city, ZIP or postal code');
    expect(html).toContain('value="Ada"');
    expect(html).not.toContain('role="alert"');
  });
});
