// Routing from the spec's operations, compiled once. openapi-backend's own matcher rebuilds the whole
// operation list and compiles a regular expression per path template on every request, which made
// routing cost grow with the number of operations.
import type { OpenAPIBackend, Operation } from 'openapi-backend';
import { errors } from '../shared/errors.js';
import { pathForVersion } from '../shared/versions.js';
import type { PipelineContext, Step } from './state.js';

interface Route {
  operation: Operation;
  pattern: RegExp;
  /** Literal characters of the path: more specific routes win (`/v1/orders/{id}/cancel` over `/v1/orders/{id}`). */
  specificity: number;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export interface Router {
  /** The operation for this method and path, if any. */
  match(method: string, path: string): Operation | undefined;
  /** The methods (upper case) that have an operation on this path; empty when the path is unknown. */
  methodsOf(path: string): string[];
  /**
   * An operation at the path it had in an older API version (the version registry's `path`), for a
   * caller of that version: the operation, and the request's path as the current version writes it.
   */
  matchOlder(method: string, path: string, version: string): { operation: Operation; path: string } | undefined;
}

/** A path template as a pattern whose groups are its parameters, in order. */
function templatePattern(template: string): { pattern: RegExp; names: string[] } {
  const names = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  return { pattern: new RegExp(`^${template.split(/\{[^}]+\}/).map(escape).join('([^/]+?)')}$`), names };
}

export function compileRouter(api: OpenAPIBackend): Router {
  const operations = api.router.getOperations();
  // openapi-backend looks operations up again while validating; the definition never changes.
  api.router.getOperations = () => operations;
  const routes: Route[] = operations
    .map((operation) => ({
      operation,
      pattern: new RegExp(`^${operation.path.split(/\{[^}]+\}/).map(escape).join('[^/]+')}$`),
      specificity: operation.path.replace(/\{[^}]+\}/g, '').length,
    }))
    .sort((a, b) => b.specificity - a.specificity);
  const normalize = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);
  const onPath = (path: string) => {
    const p = normalize(path);
    const matching = routes.filter((r) => r.pattern.test(p));
    // An exact path hides templates that would also match it.
    const best = matching[0]?.specificity;
    return matching.filter((r) => r.specificity === best);
  };
  // Per version, the operations that had another path then (compiled on first use).
  const older = new Map<string, { operation: Operation; pattern: RegExp; names: string[] }[]>();
  const olderRoutes = (version: string) => {
    let found = older.get(version);
    if (!found) {
      found = operations.flatMap((operation) => {
        const was = pathForVersion(operation.operationId ?? '', version, operation.path);
        return was === operation.path ? [] : [{ operation, ...templatePattern(was) }];
      });
      older.set(version, found);
    }
    return found;
  };
  return {
    match(method, path) {
      return onPath(path).find((r) => r.operation.method === method)?.operation;
    },
    methodsOf(path) {
      return [...new Set(onPath(path).map((r) => r.operation.method.toUpperCase()))];
    },
    matchOlder(method, path, version) {
      const p = normalize(path);
      for (const route of olderRoutes(version)) {
        if (route.operation.method !== method) continue;
        const m = route.pattern.exec(p);
        if (!m) continue;
        const values = new Map(route.names.map((name, i) => [name, m[i + 1]!]));
        return { operation: route.operation, path: route.operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => values.get(name) ?? '') };
      }
      return undefined;
    },
  };
}

/**
 * Finds the request's operation: 404 for an unknown path, 405 (with `Allow`) for a known path and
 * another method, 204 with `Allow` for OPTIONS. HEAD is routed as GET. `identify` names the caller
 * of a request that matched nothing, for the version its answer is rendered in.
 */
export function route(router: Router, identify: (c: PipelineContext) => Promise<void>): Step {
  return async (c, next) => {
    const method = c.method === 'HEAD' ? 'get' : c.method.toLowerCase();
    const operation = router.match(method, c.path);
    if (!operation) {
      // The answer still carries the caller's pinned Service-Version.
      await identify(c);
      // A path an operation had in the caller's (older) version: that operation, at its current path.
      const version = c.state.principal?.apiVersion;
      const older = version === undefined ? undefined : router.matchOlder(method, c.path, version);
      if (older) {
        c.path = older.path;
        c.state.operation = older.operation;
        return next();
      }
      const allow = router.methodsOf(c.path);
      if (allow.length === 0) throw errors.routeNotFound(c.method, c.path);
      if (method === 'options') {
        c.status = 204;
        c.set('Allow', [...allow, 'OPTIONS'].join(', '));
        return;
      }
      throw errors.methodNotAllowed(c.method, c.path, allow);
    }
    c.state.operation = operation;
    await next();
  };
}
