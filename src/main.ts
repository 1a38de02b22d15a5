// Entry point: reads the configuration, starts the roles, prints how to call the API on first start
// and, on the embedded database's later starts, where its data is and how to get back in.
import { loadConfig } from './config.js';
import { createLogger } from './shared/logger.js';
import { start } from './server.js';
import { bootstrapDevelopmentKey, hasDevelopmentAccount } from './auth/auth.service.js';
import { systemClock } from './shared/clock.js';
import { bootstrapDevelopmentUser } from './users/users.service.js';
import { startTelemetry, type Telemetry } from './shared/telemetry.js';
import { EmbeddedDatabaseInUseError } from './db/embedded-lock.js';
import { metricsAccessOnApiPort } from './shared/metrics.js';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  // A configuration error is the operator's to fix: its message, without a stack trace.
  process.stderr.write(`Configuration error: ${(err as Error).message}\n`);
  process.exit(1);
}
const log = createLogger(config.logLevel);

let telemetry: Telemetry | null = null;
try {
  telemetry = await startTelemetry();
  if (telemetry) log.info('OpenTelemetry tracing on (OTLP/HTTP exporter)');
  const running = await start(config, log);
  log.info({ url: running.url, role: config.role, database: running.db.kind, metrics: metricsWhere(running.url, running.metricsUrl) }, 'started');
  if (running.url && !config.production && running.db.kind === 'pglite') {
    const created = await bootstrapDevelopmentKey(running.db.em(), systemClock);
    if (created) {
      const login = await bootstrapDevelopmentUser(running.db.em(), created.account.id, systemClock);
      printWelcome(running.url, created.secret, login);
    } else if (await hasDevelopmentAccount(running.db.em())) {
      printWelcomeBack(running.url, config.dataDir);
    }
  }
  const shutdown = (signal: string) => {
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 25_000);
    force.unref();
    running
      .stop()
      .then(() => telemetry?.shutdown())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
} catch (err) {
  // Another process has the embedded database: the operator's to resolve, said plainly.
  if (err instanceof EmbeddedDatabaseInUseError) process.stderr.write(`${err.message}\n`);
  else log.fatal({ err }, 'failed to start');
  process.exit(1);
}

/** Where GET /metrics answers, said in the start-up line. */
function metricsWhere(url: string | null, metricsUrl: string | null): string {
  if (metricsUrl) return `${metricsUrl} (METRICS_PORT${config.metrics.token ? ', bearer METRICS_TOKEN' : ''}; not on the API port)`;
  if (!url) return 'not served (set METRICS_PORT)';
  switch (metricsAccessOnApiPort(config.metrics, config.production)) {
    case 'open':
      return `${url}/metrics, open to anyone (development; in production set METRICS_PORT or METRICS_TOKEN)`;
    case 'token':
      return `${url}/metrics, to bearer METRICS_TOKEN only`;
    case 'closed':
      return 'not served (production: set METRICS_PORT or METRICS_TOKEN)';
  }
}

function printWelcome(url: string, secret: string, login: { email: string; password: string }): void {
  const lines = [
    '',
    'Development account created on the embedded database. Its API key (shown once, all scopes):',
    '',
    `  ${secret}`,
    '',
    'Try it:',
    '',
    `  export API_KEY=${secret}`,
    `  curl -s ${url}/v1/customers -H "Authorization: Bearer $API_KEY" -H 'Content-Type: application/json' \\`,
    `    -d '{"name":"Acme Auto Sales","email":"dispatch@acme-auto.example"}'`,
    `  curl -s ${url}/v1/orders -H "Authorization: Bearer $API_KEY" -H 'Content-Type: application/json' \\`,
    `    -d '{"customer_id":"<the cus_... id above>","pickup":{"address1":"1200 W Lake St","city":"Chicago","state":"IL","zip":"60607"},"delivery":{"address1":"500 Ocean Dr","city":"Miami Beach","state":"FL","zip":"33139"},"vehicles":[{"vin":"1HGCM82633A004352","year":2003,"make":"Honda","model":"Accord"}],"ready_date":"2026-12-01"}'`,
    '',
    `Dashboard: ${url}/dashboard/  sign in as ${login.email} with the password (shown once):`,
    '',
    `  ${login.password}`,
    '',
    `Specs: ${url}/openapi.json  ${url}/asyncapi.json   Docs: ${url}/docs`,
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** A later start on the embedded database: the account is there; a lost key or password has a way back. */
function printWelcomeBack(url: string, dataDir: string): void {
  const lines = [
    '',
    `Embedded database in ${dataDir}: the development account exists (its key and the dashboard password were shown on the first start).`,
    '',
    'Lost the API key? Stop the server (Ctrl-C), make a new one, start again:',
    '',
    '  npm run keys -- create --account development --scopes all',
    '',
    `Lost the dashboard password (${url}/dashboard/)? Stop the server, set a new one (its sessions end), start again:`,
    '',
    '  npm run users -- reset-password --email owner@development.localhost',
    '',
    'Both print what they make on a line of their own. They open the embedded database only while the server is stopped:',
    'beside a running server they refuse and change nothing; then make a key on the Keys page or with POST /v1/api_keys.',
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
