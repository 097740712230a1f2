// A signed-in screen's read in its three states: the loading line, the server's message when it failed (with
// 'Reintentar' unless retrying cannot help: a 403 shows the way out instead, a 404 the way back), and the data.
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { messages } from '../../shared/messages.ts';
import { Notice } from '../components/notice.tsx';
import { RequestError } from './request.ts';

/** The HTTP status of a failed read (0 when it did not fail, or failed before any answer). */
export function failedStatus(query: { error: unknown }): number {
  return query.error instanceof RequestError ? query.error.status : 0;
}

/** Whether the screen's own navigation should show: not while it loads, nor to someone the server refused. */
export function showsStaffNav(query: { isPending: boolean; error: unknown }): boolean {
  return !query.isPending && failedStatus(query) !== 403;
}

export function QueryStates<T>(props: {
  query: UseQueryResult<T>;
  /** Shown above the loading line and the failure (a screen whose heading comes with its data); `missing` on a 404. */
  heading?: (missing: boolean) => ReactNode;
  /** Shown inside the failure on a 403: where the person may go instead. */
  refused?: ReactNode;
  /** Shown below any other failure: the way back. */
  back?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { query } = props;
  if (query.isPending)
    return (
      <>
        {props.heading?.(false)}
        <p role="status">{messages.loading}</p>
      </>
    );
  if (query.isError) {
    const status = failedStatus(query);
    return (
      <>
        {props.heading?.(status === 404)}
        <Notice tone="error">
          <p>{query.error.message || messages.serverError}</p>
          {status === 403
            ? props.refused
            : status !== 404 && (
                <button type="button" className="button button--small" onClick={() => void query.refetch()}>
                  Reintentar
                </button>
              )}
        </Notice>
        {status !== 403 && props.back}
      </>
    );
  }
  return <>{props.children(query.data)}</>;
}
