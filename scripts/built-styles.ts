import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

// MUI's components style themselves at run time: emotion turns each new style into CSS (stylis)
// and inserts its rules one by one, in React's commit: 250–700 rules per screen, 88–163 ms of the
// customer detail's load under a phone's CPU (ADR 048). The rules a screen makes are the same
// from one load to the next, so they are collected once from the built app in a browser
// (`npm run styles:collect`, tests/styles/collect-styles.spec.ts) into BUILT_STYLES, and the build
// ships them as one stylesheet. The app's page names them for emotion as already inserted (the
// `data-emotion` tag that server rendering uses), so emotion inserts only the styles the file does
// not hold. A name is the hash of its rules: a stale file costs speed, never a wrong style.

/** The collected rules: one style per line, `/* name *\/ rules`, in the order they were first inserted. */
export const BUILT_STYLES = 'src/web/app/theme/built-styles.generated.css';

const GROUP = /^\/\* ((?:animation-)?[a-z0-9]+) \*\/ (.+)$/;

export interface BuiltStyles {
  /** emotion's names of the styles (its cache keys), in order. */
  names: string[];
  /** The rules, one style per line. */
  css: string;
}

/** Reads the collected file: its names and rules. Lines are styles, comments or blank. */
export function parseBuiltStyles(text: string): BuiltStyles {
  const names: string[] = [];
  const rules: string[] = [];
  const seen = new Set<string>();
  text.split('\n').forEach((line, index) => {
    const group = GROUP.exec(line);
    if (group) {
      const [, name, css] = group as unknown as [string, string, string];
      if (seen.has(name)) throw new Error(`${BUILT_STYLES}:${index + 1}: "${name}" comes twice.`);
      seen.add(name);
      names.push(name);
      rules.push(css);
    } else if (line.trim() !== '' && !/^\/\*.*\*\/$/.test(line.trim())) {
      throw new Error(`${BUILT_STYLES}:${index + 1}: not a collected style: run \`npm run styles:collect\`.`);
    }
  });
  return { names, css: rules.join('\n') };
}

/** The stylesheet's file name in the build: its content's hash, so it is cached for good. */
export const builtStylesFile = (css: string) =>
  `assets/styles-${createHash('sha256').update(css).digest('base64url').slice(0, 10)}.css`;

/**
 * The app's page with the collected styles: a `data-emotion` tag naming them (emotion reads it as
 * it starts) in the head, and the stylesheet after the app's root. There the top bar drawn by the
 * page paints without waiting for it, while the app's scripts, being deferred, do wait for it: the
 * app never renders a style the page does not have yet.
 */
export function withBuiltStyles(html: string, styles: BuiltStyles): string {
  if (styles.names.length === 0) return html;
  return html
    .replace('</head>', `  <style data-emotion="css ${styles.names.join(' ')}"></style>\n  </head>`)
    .replace('</body>', `  <link rel="stylesheet" href="/${builtStylesFile(styles.css)}">\n  </body>`);
}

/** Adds the collected styles to the app's page (index.html; not the sign-in page) in a build. */
export function builtStyles(root = process.cwd()): Plugin {
  const file = path.join(root, BUILT_STYLES);
  const read = () => parseBuiltStyles(existsSync(file) ? readFileSync(file, 'utf8') : '');
  let styles: BuiltStyles = { names: [], css: '' };
  return {
    name: 'built-styles',
    apply: 'build',
    buildStart() {
      styles = read();
      this.addWatchFile(file);
    },
    generateBundle() {
      if (styles.names.length > 0)
        this.emitFile({ type: 'asset', fileName: builtStylesFile(styles.css), source: styles.css });
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) => (ctx.filename.endsWith('index.html') ? withBuiltStyles(html, styles) : html),
    },
  };
}
