// The HTTP application, without listening: main.ts listens, tests call app.request() or listen on a free port.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono, type Next } from 'hono';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import { messages } from '../shared/messages.ts';
import { isScreenPath } from '../shared/paths.ts';
import { adminRoutes } from './admin/routes.ts';
import { auditRoutes } from './audit/routes.ts';
import type { Auth } from './auth/auth.ts';
import { authRoutes } from './auth/routes.ts';
import { chargeRoutes } from './charges/routes.ts';
import { collectionRoutes } from './collections/routes.ts';
import { type Config, publicConfig } from './config.ts';
import { isConnectionLost } from './db/errors.ts';
import type { OpenDatabase } from './db/open.ts';
import { courierScreen } from './delivery/courier-page.ts';
import { courierRoutes } from './delivery/courier-routes.ts';
import { deliveryRoutes } from './delivery/routes.ts';
import { dispatchRoutes } from './dispatches/routes.ts';
import { einvoiceRoutes } from './einvoice/routes.ts';
import { DomainError, Unavailable } from './errors.ts';
import { fileRoutes } from './files/routes.ts';
import { objectStore } from './files/store.ts';
import { firstPaint, type RenderScreen } from './first-paint.ts';
import { ApiError, errorResponse, finishBodyBeforeAnswer, jsonBodyLimit } from './http.ts';
import { lockerRoutes } from './lockers/routes.ts';
import { noticeAdminRoutes } from './notices/admin-routes.ts';
import { whatsappWebhookRoutes } from './notices/webhook.ts';
import { createMetrics, type Metrics } from './observability/metrics.ts';
import { requestLog } from './observability/request-log.ts';
import { healthRoutes, metricsRoutes } from './observability/routes.ts';
import { boardRoutes } from './packages/board-routes.ts';
import { packageScreen } from './packages/package-page.ts';
import { packageRoutes } from './packages/routes.ts';
import { staffViewRoutes } from './packages/staff-view-routes.ts';
import { paymentRoutes } from './payments/routes.ts';
import { wompiProvider } from './payments/wompi.ts';
import { pqrRoutes } from './pqr/routes.ts';
import { pqrStaffRoutes } from './pqr/staff-routes.ts';
import { privacyRoutes } from './privacy/routes.ts';
import { requestRoutes } from './requests/routes.ts';
import { requestQueueRoutes } from './requests/warehouse-routes.ts';
import { drawnPage, screenPageFor, screenPages } from './screen-preloads.ts';
import { createRateLimiter } from './security/rate-limit.ts';
import { warehouseRoutes } from './warehouse/routes.ts';

const CLIENT_DIR = fileURLToPath(new URL('../../dist/client', import.meta.url));
const MAX_BODY_BYTES = 64 * 1024;
const UPLOAD_PATH =
  /^\/api\/(packages\/[^/]+\/invoice|warehouse\/photos|admin\/packages\/import|admin\/recaudos\/remittances|delivery\/(stops\/[^/]+\/(deliver|attempt)|sync)|pqr\/adjuntos)$/;

export interface AppDeps {
  config: Config;
  database: OpenDatabase;
  auth: Auth;
  /** The instance's metrics (start.ts makes them, so its workers count their failures there too). */
  metrics?: Metrics;
  clientDir?: string;
  /** The worker that applies Wompi's stored events (start.ts), woken when one arrives. */
  paymentEvents?: { wake(): void } | null;
  /** Tests only: draws the screens drawn on the server instead of the build's dist/server/server-render.js. */
  renderScreen?: RenderScreen;
  /** Tests only: see RegistrationContext.failAfterLockerNumber. */
  failAfterLockerNumber?: () => void;
}

export function createApp(deps: AppDeps) {
  const { config, database, auth } = deps;
  const { db } = database;
  const clientDir = deps.clientDir ?? CLIENT_DIR;
  const indexHtml = readIndexHtml(clientDir, config);
  const screenHtml = screenPages(clientDir, indexHtml);
  const appOrigin = new URL(config.appUrl).origin;
  const bucketOrigin = objectStore()?.origin;

  const metrics =
    deps.metrics ?? createMetrics(database, { businessEverySeconds: config.metricsBusinessSeconds });

  const app = new Hono();

  // First: its line and its timing cover everything below, and every answer carries X-Request-Id.
  app.use(...requestLog(metrics));
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' compiles WebAssembly (the barcode reader of /bodega) and nothing else: eval() stays blocked.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'"],
        // With a bucket, photos come from its presigned links (GET /api/files/:id redirects there).
        imgSrc: ["'self'", 'data:', ...(bucketOrigin ? [bucketOrigin] : [])],
        connectSrc: ["'self'"],
        // The courier screen's service worker (dist/client/sw.js, registered from /reparto only).
        workerSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      referrerPolicy: 'strict-origin-when-cross-origin',
      xFrameOptions: 'DENY',
      strictTransportSecurity: config.secureCookies ? 'max-age=31536000; includeSubDomains' : false,
      crossOriginEmbedderPolicy: false,
      // A response that sets its own header keeps it: files are served with a stricter CSP than the pages.
      overwrite: false,
    }),
  );
  app.use(compress());

  app.onError((error, c) => {
    if (error instanceof DomainError) return errorResponse(c, error);
    if (isConnectionLost(error)) return errorResponse(c, new Unavailable());
    // A library's refusal (the bearer token of /metrics) keeps its own answer.
    if (error instanceof HTTPException) return error.getResponse();
    // Logged once, with the request's line (observability/request-log.ts reads c.error).
    return errorResponse(c, new ApiError(500, 'internal', messages.serverError));
  });

  const limiter = createRateLimiter(db, { enabled: config.rateLimits });
  const api = new Hono();
  const smallBody = jsonBodyLimit(MAX_BODY_BYTES);
  api.use(finishBodyBeforeAnswer);
  // Uploads set their own, larger limit on their route.
  api.use((c, next) => (UPLOAD_PATH.test(c.req.path) ? next() : smallBody(c, next)));
  // State-changing requests must come from our own pages: a foreign Origin or a cross-site fetch is refused.
  api.use(async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      const origin = c.req.header('origin');
      const site = c.req.header('sec-fetch-site');
      if ((origin && origin !== appOrigin) || site === 'cross-site' || site === 'same-site')
        throw new ApiError(403, 'cross_origin', messages.crossOrigin(config.appUrl));
    }
    await next();
  });
  api.route('/', healthRoutes(database));
  api.route(
    '/',
    authRoutes({
      db,
      auth,
      config,
      limiter,
      failAfterLockerNumber: deps.failAfterLockerNumber,
    }),
  );
  api.route('/', lockerRoutes({ db, auth }));
  api.route('/', packageRoutes({ db, database, auth, config }));
  api.route('/', fileRoutes({ db, auth }));
  api.route('/', warehouseRoutes({ db, auth, config }));
  api.route('/', chargeRoutes({ db, auth, config }));
  api.route('/', requestRoutes({ db, auth, config }));
  api.route('/', requestQueueRoutes({ db, auth, config }));
  api.route('/', boardRoutes({ db, auth, config }));
  // After the board: its '/admin/packages/csv' is not a package number.
  api.route('/', staffViewRoutes({ db, database, auth, config }));
  api.route('/', dispatchRoutes({ db, auth, config }));
  api.route('/', deliveryRoutes({ db, database, auth, config }));
  api.route('/', courierRoutes({ db, auth, config }));
  api.route('/', collectionRoutes({ db, auth, config }));
  api.route('/', privacyRoutes({ db, auth, config, limiter }));
  api.route('/', einvoiceRoutes({ db, auth, config }));
  api.route('/', pqrRoutes({ db, auth, config, limiter }));
  api.route('/admin/pqr', pqrStaffRoutes({ db, auth, config }));

  api.route('/', whatsappWebhookRoutes({ db, config: config.whatsapp }));
  api.route(
    '/',
    paymentRoutes({
      db,
      auth,
      config,
      provider: config.wompi ? wompiProvider(config.wompi) : null,
      wakeEvents: () => deps.paymentEvents?.wake(),
    }),
  );
  api.route('/admin', noticeAdminRoutes({ db, auth, config }));
  api.route('/admin/audit', auditRoutes({ db, auth, config }));
  api.route('/admin', adminRoutes({ db, auth, config, database }));
  api.all('*', (c) => errorResponse(c, new ApiError(404, 'not_found', messages.notFound)));
  app.route('/api', api);
  if (config.metricsToken) app.route('/', metricsRoutes(metrics, config.metricsToken));

  if (existsSync(clientDir)) serveClientFiles(app, clientDir);
  // The screens drawn on the server for their person (first-paint.ts); anything else falls through to the page below.
  const drawScreen = firstPaint({ db, auth, config }, clientDir, deps.renderScreen);
  for (const screen of [courierScreen, packageScreen]) {
    const draw = drawScreen(screen, drawnPage(screenHtml.get(screen.pattern) ?? indexHtml));
    app.get(screen.pattern, async (c, next) => {
      const html = await draw(c);
      if (html === null) return next();
      // The person's own data, drawn for them: no cache keeps it.
      c.header('cache-control', 'no-store');
      return c.html(html);
    });
  }
  app.get('*', (c) => {
    c.header('cache-control', 'no-cache');
    // The screens are shared/paths.ts's table, the one the client's router is typed by; anything else is a 404.
    return c.html(screenPageFor(screenHtml, c.req.path) ?? indexHtml, isScreenPath(c.req.path) ? 200 : 404);
  });

  return app;
}

/**
 * Hashed assets are cached for a year; the service worker never; other public files for an hour; index.html is
 * never served from here.
 */
function serveClientFiles(app: Hono, clientDir: string) {
  const cacheFor = (value: string) => async (c: Context, next: Next) => {
    await next();
    if (c.res.status === 200 && !c.res.headers.has('cache-control'))
      c.res.headers.set('cache-control', value);
  };
  // Compressed at the build (ADR 0021): brotli where the browser takes it, 13 % under gzip on the scripts.
  app.use(
    '/assets/*',
    cacheFor('public, max-age=31536000, immutable'),
    serveStatic({ root: clientDir, precompressed: true }),
  );
  // The courier screen's service worker is checked for a new version on every visit: never kept by a cache.
  app.use('/sw.js', async (c, next) => {
    await next();
    if (c.res.status === 200) c.res.headers.set('cache-control', 'no-cache');
  });
  app.use(
    '*',
    cacheFor('public, max-age=3600'),
    serveStatic({
      root: clientDir,
      rewriteRequestPath: (path) => (path === '/' || path.endsWith('.html') ? '/__no_such_file__' : path),
    }),
  );
}

/** index.html with the public configuration as a <meta> (no inline script, so the CSP stays strict). */
function readIndexHtml(clientDir: string, config: Config): string {
  const file = `${clientDir}/index.html`;
  const html = existsSync(file)
    ? readFileSync(file, 'utf8')
    : '<!doctype html><html lang="es"><head><meta charset="utf-8"><title>CasilleroYa</title><!--app-config--></head><body><main><h1>CasilleroYa</h1><p>Ejecuta npm run build para construir la aplicación.</p></main></body></html>';
  const json = JSON.stringify(publicConfig(config))
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;');
  return html
    .replace('<!--app-config-->', `<meta name="app-config" content="${json}">`)
    .replaceAll('CasilleroYa', config.brandName.replace(/[<>&"]/g, ''));
}
