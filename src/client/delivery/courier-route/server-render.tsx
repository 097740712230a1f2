// The courier screen's first paint, drawn on the server (issue 19: a 200-stop route opens in under 2 s on 'Fast 3G'
// with 4× CPU; drawn in the browser it waits for two round trips and 110 KB of script first). Built apart by
// `vite build --ssr` into dist/server/ and called by src/server/delivery/courier-page.ts; the browser takes the HTML
// over (main.tsx hydrates it) with the route the page carries (first-paint.ts).
import { renderToString } from 'react-dom/server';
import { Router as WouterRouter } from 'wouter';
import type { MyRouteAnswer } from '../../../shared/delivery/api-types.ts';
import { paths } from '../../../shared/paths.ts';
import { App } from '../../app/app.tsx';
import { type AppConfig, setServerConfig } from '../../app/app-config.ts';
import { queryClient } from '../../app/query-client.tsx';
import { deliveryKeys } from '../api.ts';
import CourierRoutePage from './courier-route-page.tsx';

const screens = { [paths.courierRoute]: CourierRoutePage };
const Nothing = () => null;

/**
 * The HTML of '/reparto' inside #root for this route, as the browser's first render draws it. The screen reads the
 * module's one query client, so the route is put there and cleared again around a synchronous render: no other
 * request's render runs in between, so no courier's route is drawn into another's page.
 */
export function renderCourierRoute(answer: MyRouteAnswer, config: AppConfig): string {
  setServerConfig(config);
  queryClient.setQueryData(deliveryKeys.myRoute, answer);
  try {
    return renderToString(
      <WouterRouter ssrPath={paths.courierRoute} ssrSearch="">
        <App screens={screens} notFound={Nothing} />
      </WouterRouter>,
    );
  } finally {
    queryClient.clear();
  }
}
