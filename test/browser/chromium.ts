// The system Chromium for the browser tests (Debian's `chromium` package; no browser is ever downloaded).
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

/** Why the browser tests cannot run here, or null when they can. In CI a missing browser is a failure, not a skip. */
export function chromiumMissing(): string | null {
  if (existsSync(CHROMIUM_PATH)) return null;
  return `no Chromium at ${CHROMIUM_PATH} (install it with: apt-get install -y chromium, or set CHROMIUM_PATH)`;
}
