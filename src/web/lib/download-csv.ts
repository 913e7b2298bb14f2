import { CSV_CONTENT_TYPE } from '@domain/platform/csv';

/** Saves CSV text made by the writer in @domain/platform/csv (it already starts with a BOM). */
export function downloadCsv(filename: string, csv: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: CSV_CONTENT_TYPE }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
