// '/reparto' drawn on the server (issue 19, design/delivery.md 'Budgets': a 200-stop route opens in under 2 s with 4×
// CPU and 'Fast 3G'). Drawn in the browser, the stops wait for the page, then 110 KB of script and the route's answer,
// then React's render: over 2.5 s. Here the courier's own route is read and drawn into the page's first answer by
// the screen's own components (dist/server/server-render.js, built by `vite build --ssr`), with the route beside it
// in JSON so the browser takes the HTML over as it is (src/client/delivery/courier-route/first-paint.ts).
// Only a page navigation of a signed-in courier is drawn; anything else (no build, the service worker keeping the
// page for no signal, a database that does not answer) gets the plain page, which the browser draws as before.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'hono';
import { isoDayInColombia } from '../../shared/dates.ts';
import type { MyRouteAnswer } from '../../shared/delivery/api-types.ts';
import { routeDataScript } from '../../shared/delivery/first-paint.ts';
import { readCaller } from '../auth/session.ts';
import { publicConfig } from '../config.ts';
import type { RouteDeps } from '../http.ts';
import { logFailure } from '../observability/log.ts';
import { courierRoute } from './route-queries.ts';

export type RenderCourierRoute = (answer: MyRouteAnswer, config: ReturnType<typeof publicConfig>) => string;

/** The server build's render, or null when the app was not built (tests of the API, `npm run dev`). */
async function loadRender(clientDir: string): Promise<RenderCourierRoute | null> {
  const file = join(clientDir, '..', 'server', 'server-render.js');
  if (!existsSync(file)) return null;
  // cast: the build of server-render.tsx, whose export the client's type check reads in its source.
  const module = (await import(pathToFileURL(file).href)) as { renderCourierRoute: RenderCourierRoute };
  return module.renderCourierRoute;
}

/**
 * The courier page's HTML for this request (`page`: index.html for '/reparto' as screen-preloads.ts's `drawnPage`
 * writes it), or null for the plain page. `render` is for tests; by default the build's, loaded once.
 */
export function courierFirstPaint(
  { db, auth, config }: RouteDeps,
  clientDir: string,
  page: string,
  render?: RenderCourierRoute,
) {
  let loaded: Promise<RenderCourierRoute | null> | undefined;
  const renderer = () => {
    if (render) return Promise.resolve(render);
    loaded ??= loadRender(clientDir).catch((error: unknown) => {
      logFailure('courier_page', 'La pantalla del mensajero no se puede dibujar en el servidor', error);
      return null;
    });
    return loaded;
  };
  const root = '<div id="root"></div>';
  return async (c: Context): Promise<string | null> => {
    // A page the browser opens: not the service worker's copy (it fetches the page for no signal) nor a preload.
    if (c.req.header('sec-fetch-mode') !== 'navigate' || !page.includes(root)) return null;
    const draw = await renderer();
    if (!draw) return null;
    try {
      const caller = await readCaller(c, auth, db);
      const courier = caller?.record;
      if (!caller || courier?.role !== 'reparto') return null;
      // As GET /api/delivery/my-route: in production a courier's rights count once their e-mail is proven.
      if (config.production && !caller.emailVerified) return null;
      const answer: MyRouteAnswer = {
        route: await courierRoute(db, courier.id, isoDayInColombia(new Date())),
        courierId: courier.id,
      };
      const drawn = `<div id="root">${draw(answer, publicConfig(config))}</div>${routeDataScript(answer)}`;
      // A function, not a string: a '$&' or "$'" typed into an address must stay text, not a replacement pattern.
      return page.replace(root, () => drawn);
    } catch (error) {
      // The browser draws the screen and asks for the route itself, and says what went wrong.
      logFailure('courier_page', 'La pantalla del mensajero no se dibujó en el servidor', error);
      return null;
    }
  };
}
