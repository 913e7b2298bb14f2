export type { DataTableColumn } from './columns';
export { DataTable } from './data-table';
