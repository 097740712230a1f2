// A table's column headings, each a <th scope="col">, for the tables whose columns are a list of names.
export function ColumnHeads(props: { columns: readonly string[] }) {
  return props.columns.map((column) => (
    <th key={column} scope="col">
      {column}
    </th>
  ));
}
