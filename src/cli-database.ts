// The database of a command-line tool (npm run keys, npm run users).
import { databaseOptions, loadConfig, secretsKeyringFor } from './config.js';
import { useSecretsKeyring } from './shared/secrets.js';
import { openDatabase, type Database } from './db/orm.js';

/**
 * The configured database, opened with the configured secrets key. When it cannot be opened (the
 * embedded database held by a running server, say), prints its message without a stack trace and
 * exits 1, having written nothing.
 */
export async function openCliDatabase(): Promise<Database> {
  const config = loadConfig();
  useSecretsKeyring(secretsKeyringFor(config));
  return openDatabase(databaseOptions(config)).catch((err: unknown) => {
    console.error(`error: ${(err as Error).message}`);
    process.exit(1);
  });
}
