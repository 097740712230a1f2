// The screens drawn on the server (issue 19: the courier's '/reparto', a 200-stop route open in under 2 s on 'Fast 3G'
// with 4× CPU; issue 37: a package's page, Lighthouse mobile ≥ 95): drawn in the browser they wait for the entry, the
// screen's chunk and their answer before the first paint. Built apart by `vite build --ssr` into dist/server/ and
// called by src/server/first-paint.ts; the browser takes the HTML over (main.tsx hydrates it) with the answer the
// page carries (app/first-paint.ts). The browser's entry is main.tsx, beside it.
import type { QueryKey } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { Router as WouterRouter } from 'wouter';
import type { DrawnRequest } from '../shared/first-paint.ts';
import { packageDetailPattern, paths } from '../shared/paths.ts';
import { App } from './app/app.tsx';
import { type AppConfig, setServerConfig } from './app/app-config.ts';
import { queryClient } from './app/query-client.tsx';
import { deliveryKeys } from './delivery/api.ts';
import CourierRoutePage from './delivery/courier-route/courier-route-page.tsx';
import { packageKeys } from './packages/api.ts';
import PackagePage from './packages/package/package-page.tsx';

/** Each drawn screen by its pattern, and where its answer goes in the query cache, as its browser side puts it. */
const drawn: Record<
  string,
  { Screen: ComponentType; cacheKey: (params: Record<string, string>) => QueryKey }
> = {
  [paths.courierRoute]: { Screen: CourierRoutePage, cacheKey: () => deliveryKeys.myRoute },
  [packageDetailPattern]: { Screen: PackagePage, cacheKey: ({ number = '' }) => packageKeys.detail(number) },
};
const Nothing = () => null;

/**
 * The HTML inside #root of the screen at `path` with its answer, as the browser's first render draws it. The screen
 * reads the module's one query client, so the answer is put there and cleared again around a synchronous render: no
 * other request's render runs in between, so nobody's data is drawn into another's page.
 */
export function renderScreen(
  { pattern, path, params }: DrawnRequest,
  answer: unknown,
  config: AppConfig,
): string {
  const screen = drawn[pattern];
  if (!screen) throw new Error(`${pattern} is not drawn on the server`);
  setServerConfig(config);
  queryClient.setQueryData(screen.cacheKey(params), answer);
  try {
    return renderToString(
      <WouterRouter ssrPath={path} ssrSearch="">
        <App screens={{ [pattern]: screen.Screen }} notFound={Nothing} />
      </WouterRouter>,
    );
  } finally {
    queryClient.clear();
  }
}
