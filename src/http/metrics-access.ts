// Who may read GET /metrics on the API's port (METRICS_PORT, METRICS_TOKEN; see src/config.ts): no
// one when the metrics have a port of their own or in production without a token (404, the answer
// of an unknown path), the holder of METRICS_TOKEN when one is set (401 otherwise), anyone in
// development without either.
import { errors } from '../shared/errors.js';
import { metricsTokenMatches, type MetricsAccess } from '../shared/metrics.js';
import type { Step } from './state.js';

const CHALLENGE = { 'WWW-Authenticate': 'Bearer realm="metrics"' };

export function guardMetrics(access: MetricsAccess, token: string | undefined): Step {
  return async (c, next) => {
    if (c.state.operation?.operationId === 'getMetrics' && access !== 'open') {
      if (access === 'closed' || token === undefined) throw errors.routeNotFound(c.method, c.path);
      const authorization = c.headers.authorization;
      if (!authorization) throw errors.metricsTokenMissing(CHALLENGE);
      if (!metricsTokenMatches(authorization, token)) throw errors.metricsTokenInvalid({ 'WWW-Authenticate': 'Bearer realm="metrics", error="invalid_token"' });
    }
    await next();
  };
}
