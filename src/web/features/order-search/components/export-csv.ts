import type { ProcessedOrder } from '@domain/orders/search';
import { ORDER_SEARCH_CSV } from '@domain/orders/search-csv';
import { csvTable } from '@domain/platform/csv';

/** Order results as CSV (spec 2 §2), through the one writer: money as plain decimals. */
export const ordersCsv = (rows: ProcessedOrder[]): string => csvTable(ORDER_SEARCH_CSV, rows);
