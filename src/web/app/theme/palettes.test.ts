import type { PaletteColorOptions } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { PALETTES } from './palettes';

// WCAG 2.1 AA: normal text needs 4.5:1 against its background. Each pair below is text the
// shell draws in these colours (top bar, buttons, avatar initials, secondary text on both grounds).

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const main = (c: PaletteColorOptions | undefined) => (c as { main: string }).main;
const onMain = (c: PaletteColorOptions | undefined) => (c as { contrastText: string }).contrastText;

describe.each(Object.entries(PALETTES))('%s palette', (_name, p) => {
  const grounds = [p.background!.default!, p.background!.paper!];
  it('text reaches 4.5:1 on both grounds', () => {
    for (const ground of grounds) {
      expect(contrast(p.text!.primary!, ground)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(p.text!.secondary!, ground)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(main(p.primary), ground)).toBeGreaterThanOrEqual(4.5);
      // Outlined chips and text buttons write the status colours themselves on the ground.
      for (const status of [p.success, p.error, p.warning, p.info])
        expect(contrast(main(status), ground)).toBeGreaterThanOrEqual(4.5);
    }
  });
  it('text on primary and secondary reaches 4.5:1 (top bar, buttons, avatar initials)', () => {
    expect(contrast(onMain(p.primary), main(p.primary))).toBeGreaterThanOrEqual(4.5);
    expect(contrast(onMain(p.secondary), main(p.secondary))).toBeGreaterThanOrEqual(4.5);
  });
});
