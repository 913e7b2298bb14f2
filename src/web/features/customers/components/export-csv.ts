import type { CustomerSearchRow } from '@domain/customers/search';
import { CUSTOMER_SEARCH_CSV } from '@domain/customers/search-csv';
import { csvTable } from '@domain/platform/csv';

/** Search results as a CSV file (spec 1 §2), through the one writer. */
export const searchResultsCsv = (rows: CustomerSearchRow[]): string => csvTable(CUSTOMER_SEARCH_CSV, rows);

export { downloadCsv } from '@web/lib/download-csv';
