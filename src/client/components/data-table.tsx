// A table of rows under named columns, in the frame that scrolls sideways on a phone: its caption names it for
// screen readers (hidden unless `showCaption`), the rows are the caller's <tr>s.
import type { ReactNode } from 'react';
import { TableHead } from './column-heads.tsx';
import { TableScroll } from './table-scroll.tsx';

export function DataTable(props: {
  caption: string;
  columns: readonly string[];
  className?: string;
  showCaption?: boolean;
  children: ReactNode;
}) {
  return (
    <TableScroll label={`${props.caption}, desplazable`}>
      <table className={props.className ?? 'data-table'}>
        <caption className={props.showCaption ? undefined : 'visually-hidden'}>{props.caption}</caption>
        <TableHead columns={props.columns} />
        <tbody>{props.children}</tbody>
      </table>
    </TableScroll>
  );
}
