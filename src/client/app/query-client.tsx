// TanStack Query for the signed-in screens' server state. Only their lazy chunks import this file, so the library
// never weighs on the first paint of `/`; one client for the whole tab keeps the cache across screens.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { SIGNED_IN_EVENT } from '../auth/api.ts';
import { meQuery } from '../auth/me.ts';
import { readSessionThrough } from '../auth/session.ts';
import { RequestError } from './request.ts';

/** Retrying cannot fix what the server refused (4xx): only a network failure or a 5xx is tried again, once. */
function shouldRetry(failures: number, error: unknown): boolean {
  if (error instanceof RequestError && error.status >= 400 && error.status < 500) return false;
  return failures < 1;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 10_000, refetchOnWindowFocus: true },
    mutations: { retry: false },
  },
});

// In the browser only (the server renders the drawn screens' first paint with this module too).
if (typeof window !== 'undefined') {
  // A sign-in in this tab (say, on /login while another person's session was open) must not show their cached data.
  window.addEventListener(SIGNED_IN_EVENT, () => queryClient.clear());
  // From now on the header's session is the ['me'] query: one request, one cache, for every reader of the record.
  readSessionThrough(() => queryClient.fetchQuery(meQuery));
}

/** Wraps a screen that reads or changes server state through TanStack Query. */
function WithQuery({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** A screen that reads through TanStack Query: `export default withQuery(Screen)`. */
export function withQuery<Props extends object>(Screen: ComponentType<Props>): ComponentType<Props> {
  return function ScreenWithQuery(props: Props) {
    return (
      <WithQuery>
        <Screen {...props} />
      </WithQuery>
    );
  };
}
