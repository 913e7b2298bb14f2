export type { DataTableColumn } from './columns';
export { DataTable, type ListStates } from './data-table';
