// npm run users -- create --account <name> --email <email> --role <owner|admin|developer|viewer> [--name <name>] [--password <password>]
// Creates a dashboard user (and the account when no account has that name). Without --password a
// password is generated and printed on a line of its own, once. Uses the same database as the server
// (DATABASE_URL, or the embedded database in DATA_DIR while the server is stopped). From a build:
// `node dist/users-cli.js create ...`.
import { parseArgs } from 'node:util';
import { openCliDatabase } from './cli-database.js';
import { createUserInAccount } from './users/users.service.js';
import { ROLES } from './users/roles.js';
import { systemClock } from './shared/clock.js';

const usage = `usage: npm run users -- create --account <name> --email <email> --role <${ROLES.join('|')}> [--name <name>] [--password <password>]`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    account: { type: 'string' },
    email: { type: 'string' },
    role: { type: 'string' },
    name: { type: 'string' },
    password: { type: 'string' },
  },
});

if (positionals[0] !== 'create' || !values.account || !values.email || !values.role) {
  console.error(usage);
  process.exit(2);
}

const db = await openCliDatabase();
try {
  const { user, initialPassword, accountId } = await createUserInAccount(
    db.em(),
    { accountName: values.account, email: values.email, role: values.role, name: values.name, password: values.password },
    systemClock,
  );
  console.error(`Created ${user.id} (${user.email}, ${user.role}) in account ${values.account} (${accountId}).`);
  if (initialPassword) {
    console.error('Its generated password is shown once:');
    console.log(initialPassword);
  }
} catch (err) {
  console.error(`error: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.close();
}
