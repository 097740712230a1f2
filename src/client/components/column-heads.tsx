// A table's column headings, each a <th scope="col">, for the tables whose columns are a list of names.
import type { ReactNode } from 'react';

export function ColumnHeads(props: { columns: readonly string[] }) {
  return props.columns.map((column) => (
    <th key={column} scope="col">
      {column}
    </th>
  ));
}

/** A table's <thead>: one row of the named columns, then any further headings (`children`) after them. */
export function TableHead(props: { columns: readonly string[]; children?: ReactNode }) {
  return (
    <thead>
      <tr>
        <ColumnHeads columns={props.columns} />
        {props.children}
      </tr>
    </thead>
  );
}
