export { ColumnChoiceButton, useColumnChoice } from './column-choice';
export type { DataTableColumn, SortState } from './columns';
export { DataTable, type ListStates } from './data-table';
