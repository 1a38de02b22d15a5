// The keys CLI: `npm run keys -- create --account <name> --scopes <comma list|all> [--name <label>]
// [--version <date>] [--test]` (`--test`: a key of the account's test mode, `sk_test_...`), or `node dist/keys-cli.js create ...` from a build. Prints the new key's secret on a
// line of its own. Uses the same database as the server (DATABASE_URL, or the embedded database in
// DATA_DIR while the server is stopped).
import { parseArgs } from 'node:util';
import { openCliDatabase } from './cli-database.js';
import { createApiKey, parseScopes } from './auth/auth.service.js';
import { systemClock } from './shared/clock.js';

const usage = 'usage: keys create --account <name> --scopes <comma list|all> [--name <label>] [--version <YYYY-MM-DD>] [--test]';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    account: { type: 'string' },
    scopes: { type: 'string' },
    name: { type: 'string' },
    version: { type: 'string' },
    test: { type: 'boolean' },
  },
});

if (positionals[0] !== 'create' || !values.account || !values.scopes) {
  console.error(usage);
  process.exit(2);
}

const db = await openCliDatabase();
try {
  const scopes = parseScopes(values.scopes);
  const { key, secret, account } = await createApiKey(
    db.em(),
    { accountName: values.account, scopes, name: values.name ?? 'cli', livemode: !values.test, audited: true, ...(values.version ? { apiVersion: values.version } : {}) },
    systemClock,
  );
  console.error(`Created ${values.test ? 'a test key' : 'a live key'} ${key.id} for account ${account.name} (${account.id}), version ${key.apiVersion}, scopes: ${scopes.join(' ')}`);
  console.error('The secret is shown once:');
  console.log(secret);
} catch (err) {
  console.error(`error: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.close();
}
