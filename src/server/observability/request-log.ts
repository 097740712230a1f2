// Every request, logged and counted once it is answered: one JSON line with its id (X-Request-Id when the caller
// sent a sane one, made here otherwise, and echoed in the answer), method, route pattern, status, duration and the
// signed-in user's id; the same method, route and status count in the instance's metrics. The route is the pattern
// that answered ('/api/packages/:number'), never the raw path, so neither a line nor a metric carries what a person
// typed in a URL, and the metrics keep a bounded set of series.
import type { MiddlewareHandler } from 'hono';
import { requestId } from 'hono/request-id';
import { routePath } from 'hono/route';
import { errorOf, type FailureKind, type Logger, log, type RequestScope, requestScope } from './log.ts';
import type { Metrics } from './metrics.ts';

/** Probes and scrapes come every few seconds: logged at debug, so the default level keeps the log for people. */
const QUIET = new Set(['/api/health', '/api/health/live', '/api/health/ready', '/metrics']);

export function requestLog(metrics: Metrics): MiddlewareHandler[] {
  const scoped: MiddlewareHandler = async (c, next) => {
    const started = performance.now();
    const id: string = c.get('requestId');
    let child: Logger | undefined;
    const scope: RequestScope = {
      // Made only for a line written during the request (most requests write none but their own).
      get log() {
        child ??= log.child({ reqId: id });
        return child;
      },
      requestId: id,
      countFailure: (kind: FailureKind) => metrics.countFailure(kind),
    };
    await requestScope.run(scope, next);
    const seconds = (performance.now() - started) / 1000;
    const status = c.res.status;
    // The pattern of the handler that answered; '*' for what no route matched (a 404, a static file).
    const route = routePath(c) || '*';
    metrics.observeRequest(c.req.method, route, status, seconds);
    const line = {
      reqId: id,
      method: c.req.method,
      route,
      status,
      ms: Math.round(seconds * 10_000) / 10,
      userId: scope.userId,
    };
    if (status >= 500 && c.error) {
      metrics.countFailure('http');
      log.error({ ...line, kind: 'http', err: errorOf(c.error) }, 'Error del servidor');
    } else if (status >= 500) log.warn(line, 'petición');
    else if (QUIET.has(c.req.path)) log.debug(line, 'petición');
    else log.info(line, 'petición');
  };
  return [requestId({ limitLength: 128 }), scoped];
}
