import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ConsultantStandIn, PICKER_UNAVAILABLE, pickerOrNotice } from './consultant-field';
import type { ConsultantPickerProps } from './consultant-picker';

const props: ConsultantPickerProps = {
  label: 'New sponsor',
  countryId: 1,
  value: null,
  onChange: () => {},
  initialText: 'M1234',
};

describe('the consultant picker loaded on first use (ADR 044)', () => {
  it('is the picker once its code is there', async () => {
    const Picker = () => null;
    const loaded = await pickerOrNotice(async () => ({ ConsultantPicker: Picker }));
    expect(loaded.default).toBe(Picker);
  });

  it('keeps the field with what was typed, and says the search did not load, when its code cannot be fetched', async () => {
    const loaded = await pickerOrNotice(async () => {
      throw new Error('Failed to fetch dynamically imported module: /assets/consultant-picker.js');
    });
    const html = renderToString(createElement(loaded.default, props));
    expect(html).toContain('New sponsor');
    expect(html).toContain('value="M1234"');
    expect(html).toContain(PICKER_UNAVAILABLE);
  });

  it('stands in with the same label and the text typed', () => {
    const html = renderToString(
      createElement(ConsultantStandIn, { label: 'New enroller (mentor)', text: 'Ada', onText: () => {} }),
    );
    expect(html).toContain('New enroller (mentor)');
    expect(html).toContain('value="Ada"');
    expect(html).not.toContain(PICKER_UNAVAILABLE);
  });
});
