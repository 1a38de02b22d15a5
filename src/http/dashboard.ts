// Serves the dashboard (the single-page app built from dashboard/ into dashboard/dist) at /dashboard/:
// static files, index.html for client routes, and strict security headers. Everything else passes on
// to the API's steps. The app is a client of the public /v1 API like any other; nothing here reads
// the database or knows a session.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Step } from './state.js';

export const DASHBOARD_DIST = fileURLToPath(new URL('../../dashboard/dist/', import.meta.url));
const PREFIX = '/dashboard';

/** No inline script or style, nothing from another origin, never framed. */
export const DASHBOARD_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': DASHBOARD_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

export function serveDashboard(dist: string = DASHBOARD_DIST): Step {
  return async (c, next) => {
    if (c.path !== PREFIX && !c.path.startsWith(`${PREFIX}/`)) return next();
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) c.set(k, v);
    if (c.method !== 'GET' && c.method !== 'HEAD') {
      c.status = 405;
      c.set('Allow', 'GET, HEAD');
      return;
    }
    if (c.path === PREFIX) {
      c.status = 308;
      c.redirect(`${PREFIX}/`);
      return;
    }
    const index = join(dist, 'index.html');
    if (!existsSync(index)) {
      c.status = 503;
      c.type = 'text/plain';
      c.body = 'The dashboard is not built: run `npm run build:dashboard` (npm start builds it when missing).\n';
      return;
    }
    // Resolve inside dist only; anything that is not a file there is a client route: index.html.
    let relative: string;
    try {
      relative = normalize(decodeURIComponent(c.path.slice(PREFIX.length + 1)));
    } catch {
      relative = '.'; // a malformed escape names no file
    }
    const candidate = join(dist, relative);
    const isFile = relative !== '.' && !relative.startsWith('..') && candidate.startsWith(dist.endsWith(sep) ? dist : dist + sep) && existsSync(candidate) && statSync(candidate).isFile();
    if (isFile) {
      c.type = TYPES[extname(candidate)] ?? 'application/octet-stream';
      // Built assets carry a content hash in their names: cache them for good.
      c.set('Cache-Control', relative.startsWith(`assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      c.length = statSync(candidate).size;
      c.body = createReadStream(candidate);
      return;
    }
    if (extname(relative) !== '' && relative.startsWith(`assets${sep}`)) {
      c.status = 404;
      c.type = 'text/plain';
      c.body = 'Not found.\n';
      return;
    }
    c.type = TYPES['.html']!;
    c.set('Cache-Control', 'no-cache');
    c.body = createReadStream(index);
  };
}
