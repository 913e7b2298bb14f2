import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BUILT_STYLES,
  builtStyles,
  builtStylesFile,
  parseBuiltStyles,
  withBuiltStyles,
} from './built-styles';

const FILE = [
  '/* collected by npm run styles:collect */',
  '/* ogmp5q */ .css-ogmp5q{display:flex;}@media print{.css-ogmp5q{display:none;}}',
  '/* animation-61bdi0 */ @keyframes animation-61bdi0{0%{opacity:0;}100%{opacity:1;}}',
  '',
  '/* 5l576f */ .MuiInputBase-root:has(> .css-5l576f){--_caret:32px;}',
  '',
].join('\n');
const page = '<html><head><title>x</title></head><body><div id="root"></div></body></html>';

describe('the built styles', () => {
  it('reads each style as its emotion name and its rules, in order', () => {
    const styles = parseBuiltStyles(FILE);
    expect(styles.names).toEqual(['ogmp5q', 'animation-61bdi0', '5l576f']);
    expect(styles.css.split('\n')).toEqual([
      '.css-ogmp5q{display:flex;}@media print{.css-ogmp5q{display:none;}}',
      '@keyframes animation-61bdi0{0%{opacity:0;}100%{opacity:1;}}',
      '.MuiInputBase-root:has(> .css-5l576f){--_caret:32px;}',
    ]);
  });

  it('refuses a line that is not a collected style, and a style that comes twice', () => {
    expect(() => parseBuiltStyles('.css-abc{color:red;}')).toThrow(/1: not a collected style/);
    expect(() => parseBuiltStyles('/* abc */ .css-abc{}\n/* abc */ .css-abc{}')).toThrow(
      /2: "abc" comes twice/,
    );
    expect(() => parseBuiltStyles('/* ABC! */ .x{}')).toThrow(/not a collected style/);
  });

  it('names emotion the styles in the head and links the sheet after the root', () => {
    const styles = parseBuiltStyles(FILE);
    const html = withBuiltStyles(page, styles);
    const file = builtStylesFile(styles.css);
    expect(file).toMatch(/^assets\/styles-[\w-]{10}\.css$/);
    expect(html).toContain('<style data-emotion="css ogmp5q animation-61bdi0 5l576f"></style>\n  </head>');
    expect(html).toMatch(
      new RegExp(`<div id="root"></div>\\s*<link rel="stylesheet" href="/${file}">\\s*</body>`),
    );
  });

  it('names the sheet by its content, so a new collection is a new file', () => {
    const styles = parseBuiltStyles(FILE);
    expect(builtStylesFile(styles.css)).toBe(builtStylesFile(parseBuiltStyles(FILE).css));
    expect(builtStylesFile(`${styles.css} `)).not.toBe(builtStylesFile(styles.css));
  });

  it('leaves the page as it is without collected styles, and the sign-in page always', async () => {
    expect(withBuiltStyles(page, parseBuiltStyles(''))).toBe(page);
    const root = mkdtempSync(path.join(tmpdir(), 'built-styles-'));
    mkdirSync(path.dirname(path.join(root, BUILT_STYLES)), { recursive: true });
    writeFileSync(path.join(root, BUILT_STYLES), FILE);
    const plugin = builtStyles(root);
    const emitted: { fileName: string; source: string }[] = [];
    const context = {
      addWatchFile: () => {},
      emitFile: (asset: { fileName: string; source: string }) => emitted.push(asset),
    };
    (plugin.buildStart as unknown as (this: typeof context) => void).call(context);
    (plugin.generateBundle as unknown as (this: typeof context) => void).call(context);
    expect(emitted).toEqual([
      {
        type: 'asset',
        fileName: builtStylesFile(parseBuiltStyles(FILE).css),
        source: parseBuiltStyles(FILE).css,
      },
    ]);
    const { handler } = plugin.transformIndexHtml as unknown as {
      handler: (html: string, ctx: { filename: string }) => string;
    };
    expect(handler(page, { filename: '/src/web/login.html' })).toBe(page);
    expect(handler(page, { filename: '/src/web/index.html' })).toContain('data-emotion="css ogmp5q');
    rmSync(root, { recursive: true, force: true });
  });
});
