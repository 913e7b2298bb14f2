import type { Plugin } from 'vite';
import { PALETTES, type ThemeVariant } from '../src/web/app/theme/palettes';

// The app's page paints its top bar before any script has run. A signed-in screen shows nothing
// until React has rendered it, which on a phone comes after its scripts have arrived and run:
// first paint at 3.3 s on the customer detail (Lighthouse, mobile), with the page blank until
// then. The bar below is in the page itself (index.html, as built): the brand colour, the bloom
// and the name, where the app's own bar then draws. React replaces it with the app (its first
// render empties #root), so nothing that was painted moves. Decorative: hidden from assistive
// technology, which waits for the app's own landmarks. The sign-in page has its own (login.html).

type Colour = { main: string; contrastText?: string };

const bloom = [0, 72, 144, 216, 288]
  .map(
    (angle) => `<ellipse cx="16" cy="9" rx="4.6" ry="7" opacity="0.78" transform="rotate(${angle} 16 16)"/>`,
  )
  .join('');

export const BOOT_SHELL_MARKUP =
  '<div class="boot-bar" aria-hidden="true">' +
  `<svg viewBox="0 0 32 32" width="28" height="28"><g fill="currentColor">${bloom}<circle cx="16" cy="16" r="3.4"/></g></svg>` +
  '<span class="boot-name">Customer Service <span>Back Office</span></span>' +
  '</div>';

function colours(variant: ThemeVariant) {
  const p = PALETTES[variant];
  const primary = p.primary as Colour;
  return {
    bar: primary.main,
    onBar: primary.contrastText ?? '#FFFFFF',
    ground: p.background?.default ?? '#FFFFFF',
  };
}

/** The styles of the bar, in the palettes of palettes.ts (the drafts one on `data-theme="drafts"`). */
export function bootShellStyle(): string {
  const brand = colours('brand');
  const drafts = colours('drafts');
  return [
    `html{background:${brand.ground}}`,
    `html[data-theme=drafts]{background:${drafts.ground}}`,
    'body{margin:0}',
    // MUI's Toolbar: 56 px high on a phone, 64 px from 600 px; the logo after the menu button.
    `.boot-bar{position:fixed;top:0;left:0;right:0;height:56px;box-sizing:border-box;display:flex;align-items:center;gap:8px;padding-left:44px;background:${brand.bar};color:${brand.onBar};font:600 18px/1 "Inter","Segoe UI",system-ui,-apple-system,Roboto,"Helvetica Neue",Arial,sans-serif;letter-spacing:.02em;white-space:nowrap;overflow:hidden}`,
    `html[data-theme=drafts] .boot-bar{background:${drafts.bar};color:${drafts.onBar}}`,
    '.boot-name{display:none}.boot-name span{font-weight:400;opacity:.8}',
    '@media (min-width:600px){.boot-bar{height:64px;padding-left:56px}}',
    '@media (min-width:668px){.boot-name{display:inline}}',
  ].join('');
}

/** Puts the bar and its styles into the app's page (index.html) at build time. */
export function bootShell(): Plugin {
  return {
    name: 'boot-shell',
    transformIndexHtml(html, ctx) {
      if (!ctx.filename.endsWith('index.html')) return html;
      return html
        .replace('</head>', `  <style>${bootShellStyle()}</style>\n  </head>`)
        .replace('<div id="root"></div>', `<div id="root">${BOOT_SHELL_MARKUP}</div>`);
    },
  };
}
