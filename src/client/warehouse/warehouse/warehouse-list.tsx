// The frame the two lists of /bodega share ('Sin identificar', 'Recibidos hoy'): the heading with the count, the
// reading and error states, the sentence for an empty list, and the rows as each list draws them.
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { messages } from '../../../shared/messages.ts';
import type { WarehouseList as Answer, WarehousePackage } from '../../../shared/warehouse/api-types.ts';
import { Notice } from '../../components/notice.tsx';

export function WarehouseList(props: {
  /** The heading's id is `${id}-heading`. */
  id: string;
  title: string;
  list: UseQueryResult<Answer>;
  empty: string;
  /** Shown under the heading (a confirmation). */
  notice?: ReactNode;
  row: (pkg: WarehousePackage) => ReactNode;
}) {
  const { list } = props;
  const rows = list.data?.packages ?? [];
  return (
    <section className="card warehouse-list" aria-labelledby={`${props.id}-heading`}>
      <h2 id={`${props.id}-heading`}>
        {props.title}
        {list.data && <span className="warehouse-list__count"> ({rows.length})</span>}
      </h2>
      {props.notice}
      {list.isPending && <p role="status">{messages.loading}</p>}
      {list.isError && <Notice tone="error">{list.error.message || messages.serverError}</Notice>}
      {list.data && rows.length === 0 && <p>{props.empty}</p>}
      {rows.length > 0 && (
        <ul className="warehouse-rows" aria-busy={list.isFetching}>
          {rows.map(props.row)}
        </ul>
      )}
    </section>
  );
}
