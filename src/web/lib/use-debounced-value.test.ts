import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useTypedSearch } from './use-debounced-value';

function firstRender(...args: Parameters<typeof useTypedSearch>) {
  let seen: { text: string; query: string } | undefined;
  function Probe() {
    const typed = useTypedSearch(...args);
    seen = { text: typed.text, query: typed.query };
    return null;
  }
  renderToString(createElement(Probe));
  return seen;
}

describe('useTypedSearch', () => {
  it('starts empty', () => {
    expect(firstRender(300)).toEqual({ text: '', query: '' });
  });

  it('searches at once for text typed before the autocomplete was there (ADR 044)', () => {
    expect(firstRender(300, 'M1234')).toEqual({ text: 'M1234', query: 'M1234' });
  });
});
