// What a screen shows while its record is read, and when it could not be: 'not found' for a 404 (another's record is
// one too), the server's message otherwise ('Reintentar' where trying again may help), and the way back.
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { messages } from '../../shared/messages.ts';
import { Notice } from '../components/notice.tsx';
import { RequestError } from './request.ts';

export const isMissing = (error: unknown) => error instanceof RequestError && error.status === 404;

/** A refusal (4xx) says the same on a second try; a network failure or a 5xx may not. */
const retriable = (error: unknown) =>
  !(error instanceof RequestError && error.status >= 400 && error.status < 500);

export function LoadFailure(props: { error: Error; missing: string; onRetry: () => void; back: ReactNode }) {
  const missing = isMissing(props.error);
  return (
    <>
      <Notice tone="error">
        <p>{missing ? props.missing : props.error.message || messages.serverError}</p>
        {retriable(props.error) && (
          <button type="button" className="button button--small" onClick={props.onRetry}>
            Reintentar
          </button>
        )}
      </Notice>
      <p>{props.back}</p>
    </>
  );
}

/** The record's screen once its query has it; the loading status and the failure until then. */
export function Loaded<T>(props: {
  query: UseQueryResult<T, Error>;
  missing: string;
  back: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { query } = props;
  if (query.isPending) return <p role="status">{messages.loading}</p>;
  if (query.isError)
    return (
      <LoadFailure
        error={query.error}
        missing={props.missing}
        onRetry={() => void query.refetch()}
        back={props.back}
      />
    );
  return props.children(query.data);
}
