import { CSV_BOM, CSV_CONTENT_TYPE } from '@domain/platform/csv';

/**
 * Saves CSV text made by the writer in @domain/platform/csv. The byte-order mark is put back when
 * missing: `Response.text()` drops it from a file fetched from the server.
 */
export function downloadCsv(filename: string, csv: string) {
  const text = csv.startsWith(CSV_BOM) ? csv : CSV_BOM + csv;
  const url = URL.createObjectURL(new Blob([text], { type: CSV_CONTENT_TYPE }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
