// A request of an older API version, as the current version reads it: the query parameters and body
// fields that version named otherwise get their current names (the version registry's `operations`,
// src/shared/versions.ts) before the request is validated, and an error that names one of them
// names it back as the caller sent it.
import { ApiError } from '../shared/errors.js';
import { currentRequestName, operationChangesAfter, queryDefaultsForVersion, requestNameForVersion, upgradeRequestBody } from '../shared/versions.js';
import type { Step } from './state.js';

/** A query string's name, decoded (as sent when its escapes are malformed). */
function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** `name` or `name[key]` of a query string's part, with the name given its current spelling. */
function upgradeQueryPart(part: string, rename: (name: string) => string): string {
  const at = part.indexOf('=');
  const rawName = at === -1 ? part : part.slice(0, at);
  // A malformed escape names no renamed parameter: left as sent, for the validation to name.
  const name = decodeURIComponentSafe(rawName);
  const bracket = name.indexOf('[');
  const base = bracket === -1 ? name : name.slice(0, bracket);
  const current = rename(base);
  if (current === base) return part;
  return encodeURIComponent(current + (bracket === -1 ? '' : name.slice(bracket))) + (at === -1 ? '' : part.slice(at));
}

/** An error of the current version's names, with the names the caller's version sent. */
function withOlderNames(err: ApiError, operationId: string, version: string): ApiError {
  if (err.param === undefined) return err;
  const base = err.param.replace(/[[.].*$/, '');
  const older = [requestNameForVersion(operationId, version, 'query', base), requestNameForVersion(operationId, version, 'body', base)].find((n) => n !== base);
  if (older === undefined) return err;
  const renamed = new ApiError(err.code, err.message.replaceAll(base, older), { param: older + err.param.slice(base.length), headers: err.headers });
  renamed.stack = err.stack;
  return renamed;
}

export const upgradeOlderRequest: Step = async (c, next) => {
  const version = c.state.principal?.apiVersion;
  const operationId = c.state.operation?.operationId;
  if (version === undefined || operationId === undefined || operationChangesAfter(version, operationId).length === 0) return next();
  if (c.querystring) {
    const upgraded = c.querystring
      .split('&')
      .map((part) => upgradeQueryPart(part, (name) => currentRequestName(operationId, version, 'query', name)))
      .join('&');
    if (upgraded !== c.querystring) c.querystring = upgraded;
  }
  // What the older version took when the request named no value.
  const defaults = Object.entries(queryDefaultsForVersion(operationId, version));
  if (defaults.length) {
    const sent = new Set(c.querystring.split('&').map((part) => decodeURIComponentSafe(part.split('=', 1)[0]!).replace(/\[.*$/, '')));
    const added = defaults.filter(([name]) => !sent.has(name)).map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
    if (added.length) c.querystring = [c.querystring, ...added].filter(Boolean).join('&');
  }
  c.state.body = upgradeRequestBody(operationId, version, c.state.body);
  try {
    await next();
  } catch (err) {
    throw err instanceof ApiError ? withOlderNames(err, operationId, version) : err;
  }
};
