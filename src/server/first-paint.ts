// Screens drawn on the server (ADR 0014; issue 19: the courier's '/reparto', a 200-stop route open in under 2 s with
// 4× CPU and 'Fast 3G'; issue 37: a package's page, Lighthouse mobile ≥ 95). Drawn in the browser, such a screen waits
// for the page, then the entry and its chunk and its answer, then React's render. Here the answer its person would
// get is read and drawn into the page's first answer by the screen's own components (dist/server/server-render.js,
// built by `vite build --ssr`), with the answer beside it in JSON so the browser takes the HTML over as it is
// (src/shared/first-paint.ts). Each screen says what it opens with: delivery/courier-page.ts, packages/package-page.ts.
// Only a page navigation of the screen's own person is drawn; anything else (no build, the service worker keeping the
// page for no signal, a database that does not answer) gets the plain page, which the browser draws as before.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'hono';
import { type DrawnRequest, firstPaintData } from '../shared/first-paint.ts';
import { readCaller, type SignedInCaller } from './auth/session.ts';
import { publicConfig } from './config.ts';
import type { RouteDeps } from './http.ts';
import { logFailure } from './observability/log.ts';

export type RenderScreen = (
  request: DrawnRequest,
  answer: unknown,
  config: ReturnType<typeof publicConfig>,
) => string;

/** A screen the server draws: its pattern, and the answer it opens with for this person (null: the plain page). */
export interface DrawnScreen {
  pattern: string;
  answer: (
    deps: RouteDeps,
    caller: SignedInCaller,
    params: Record<string, string>,
  ) => Promise<{ api: string; answer: unknown } | null>;
}

/** The server build's render, or null when the app was not built (tests of the API, `npm run dev`). */
async function loadRender(clientDir: string): Promise<RenderScreen | null> {
  const file = join(clientDir, '..', 'server', 'server-render.js');
  if (!existsSync(file)) return null;
  // cast: the build of server-render.tsx, whose export the client's type check reads in its source.
  const module = (await import(pathToFileURL(file).href)) as { renderScreen: RenderScreen };
  return module.renderScreen;
}

/**
 * For each drawn screen, the page's HTML for a request (`page`: the screen's index.html as screen-preloads.ts's
 * `drawnPage` writes it), or null for the plain page. `render` is for tests; by default the build's.
 */
export function firstPaint(deps: RouteDeps, clientDir: string, render?: RenderScreen) {
  // Loaded as the server starts, not on the first page asked for: importing the build and React's server renderer
  // took that courier's first opening 0.5 s longer (docs/PERFORMANCE.md 'Courier screen').
  const loaded: Promise<RenderScreen | null> = render
    ? Promise.resolve(render)
    : loadRender(clientDir).catch((error: unknown) => {
        logFailure('first_paint', 'Las pantallas no se pueden dibujar en el servidor', error);
        return null;
      });
  const root = '<div id="root"></div>';
  return (screen: DrawnScreen, page: string) =>
    async (c: Context): Promise<string | null> => {
      // A page the browser opens: not the service worker's copy (it fetches the page for no signal) nor a preload.
      if (c.req.header('sec-fetch-mode') !== 'navigate' || !page.includes(root)) return null;
      const draw = await loaded;
      if (!draw) return null;
      try {
        const caller = await readCaller(c, deps.auth, deps.db);
        if (!caller?.record) return null;
        const params = c.req.param();
        const opened = await screen.answer(deps, { ...caller, record: caller.record }, params);
        if (!opened) return null;
        const request = { pattern: screen.pattern, path: c.req.path, params };
        const html = draw(request, opened.answer, publicConfig(deps.config));
        const drawn = `<div id="root">${html}</div>${firstPaintData(opened.api, opened.answer)}`;
        // A function, not a string: a '$&' or "$'" typed into an address must stay text, not a replacement pattern.
        return page.replace(root, () => drawn);
      } catch (error) {
        // The browser draws the screen and asks for its answer itself, and says what went wrong.
        logFailure('first_paint', `${screen.pattern} no se dibujó en el servidor`, error);
        return null;
      }
    };
}
