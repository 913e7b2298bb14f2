import { useRef, useState } from 'react';

/** Rows edited in place (sample lines, own shipping rates), each with its own stable key. */
export function useKeyedRows<T extends object>(initial: T[]) {
  const next = useRef(0);
  const keyed = (rows: T[]) => rows.map((r) => ({ ...r, key: ++next.current }));
  const [rows, setRows] = useState(() => keyed(initial));
  return {
    rows,
    replace: (all: T[]) => setRows(keyed(all)),
    add: (row: T) => setRows((rs) => [...rs, ...keyed([row])]),
    update: (key: number, patch: Partial<T>) =>
      setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r))),
    remove: (key: number) => setRows((rs) => rs.filter((r) => r.key !== key)),
  };
}
export type KeyedRows<T extends object> = ReturnType<typeof useKeyedRows<T>>;
