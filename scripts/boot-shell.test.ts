import { describe, expect, it } from 'vitest';
import { PALETTES } from '../src/web/app/theme/palettes';
import { BOOT_SHELL_MARKUP, bootShell, bootShellStyle } from './boot-shell';

type Transform = (html: string, ctx: { filename: string }) => string;
const transform = bootShell().transformIndexHtml as unknown as Transform;
const page = '<html lang="en"><head><title>x</title></head><body><div id="root"></div></body></html>';

describe('the boot shell', () => {
  it("puts the bar and its styles into the app's page, and leaves the sign-in page alone", () => {
    const html = transform(page, { filename: '/src/web/index.html' });
    expect(html).toContain(`<div id="root">${BOOT_SHELL_MARKUP}</div>`);
    expect(html).toMatch(/<style>[^<]*\.boot-bar\{[^<]*<\/style>\s*<\/head>/);
    expect(transform(page, { filename: '/src/web/login.html' })).toBe(page);
  });

  it('is drawn in the palettes of the app, the drafts one on data-theme="drafts"', () => {
    const css = bootShellStyle();
    const main = (variant: 'brand' | 'drafts') => (PALETTES[variant].primary as { main: string }).main;
    expect(css).toContain(`background:${main('brand')}`);
    expect(css).toContain(`html[data-theme=drafts] .boot-bar{background:${main('drafts')}`);
    expect(css).toContain(`html{background:${PALETTES.brand.background?.default}}`);
  });

  it('is hidden from assistive technology: the app brings its own landmarks', () => {
    expect(BOOT_SHELL_MARKUP).toMatch(/^<div class="boot-bar" aria-hidden="true">/);
  });
});
