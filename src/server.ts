// Starts the roles of one process: the HTTP API (and, in later releases, the background worker).
import { createServer, type Server } from 'node:http';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/orm.js';
import { createApp } from './http/app.js';
import { systemClock, type Clock } from './shared/clock.js';
import type { Logger } from './shared/logger.js';
import { readiness } from './platform/platform.handlers.js';

export interface Running {
  server: Server | null;
  db: Database;
  url: string | null;
  stop(): Promise<void>;
}

export async function start(config: Config, log: Logger, clock: Clock = systemClock): Promise<Running> {
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let server: Server | null = null;
  let url: string | null = null;
  if (config.role === 'api' || config.role === 'all') {
    const app = await createApp({ db, clock, log, rateLimit: config.rateLimit });
    server = createServer(app.koa.callback());
    server.requestTimeout = 30_000;
    server.headersTimeout = 10_000;
    server.keepAliveTimeout = 5_000;
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(config.port, config.host, () => resolve());
    });
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  }
  let stopping: Promise<void> | null = null;
  return {
    server,
    db,
    url,
    stop() {
      // Finish in-flight requests, refuse new ones, then close the database.
      stopping ??= (async () => {
        readiness.shuttingDown = true;
        if (server) {
          await new Promise<void>((resolve) => {
            server!.close(() => resolve());
            server!.closeIdleConnections();
          });
        }
        await db.close();
      })();
      return stopping;
    },
  };
}
