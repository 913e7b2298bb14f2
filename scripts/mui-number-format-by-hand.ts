import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

// MUI's TablePagination makes `new Intl.NumberFormat('en-US')` when its module loads, for the
// "1–25 of 1,234" of its label. A page's first Intl formatter loads the browser's locale data: about
// 100 ms of a phone's main thread (ADR 042), on every screen with a paged table, before it can
// paint. This plugin gives TablePagination a stand-in for its number formatter that writes en-US
// numbers by hand, as Intl writes them (src/domain/reference/plain-formats.ts), and makes an Intl
// formatter only for another locale, when first used. MUI's locale packs (not used here) keep theirs.

const STAND_IN = '\0mui-number-format-by-hand';
const TABLE_PAGINATION = /[\\/]@mui[\\/]material[\\/]TablePagination[\\/]TablePagination\.m?js$/;
const PLAIN_FORMATS = fileURLToPath(new URL('../src/domain/reference/plain-formats.ts', import.meta.url));

export function muiNumberFormatByHand(): Plugin {
  return {
    name: 'mui-number-format-by-hand',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        /\/locale\/utils\/buildFormatNumber\.m?js$/.test(source) &&
        importer &&
        TABLE_PAGINATION.test(importer)
      )
        return STAND_IN;
      return null;
    },
    load(id) {
      if (id !== STAND_IN) return null;
      return `import { formatWholeNumber } from ${JSON.stringify(PLAIN_FORMATS)};
export default function buildFormatNumber(locale) {
  let intl;
  const format = locale === 'en-US'
    ? formatWholeNumber
    : (value) => (intl ??= new Intl.NumberFormat(locale)).format(value);
  return (value) => (Number.isFinite(value) ? format(value) : String(value));
}`;
    },
  };
}
