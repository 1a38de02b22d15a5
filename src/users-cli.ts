// npm run users -- create --account <name> --email <email> --role <owner|admin|developer|viewer> [--name <name>] [--password <password>]
// Creates a dashboard user (and the account when no account has that name). Without --password a
// password is generated and printed on a line of its own, once.
// npm run users -- reset-password --email <email> [--account <name>]
// Gives the user a new generated password, printed on a line of its own, once, and ends their
// sessions (--account when the email is a user of several accounts).
// Uses the same database as the server: DATABASE_URL, or the embedded database in DATA_DIR, which
// it opens only while the server is stopped (it refuses while a server holds it, and says what to do
// instead). From a build: `node dist/users-cli.js create ...`.
import { parseArgs } from 'node:util';
import { openCliDatabase } from './cli-database.js';
import { createUserInAccount, resetPasswordByEmail } from './users/users.service.js';
import { ROLES } from './users/roles.js';
import { systemClock } from './shared/clock.js';

const usage = [
  `usage: npm run users -- create --account <name> --email <email> --role <${ROLES.join('|')}> [--name <name>] [--password <password>]`,
  '       npm run users -- reset-password --email <email> [--account <name>]',
].join('\n');

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

const command = positionals[0];
const valid =
  (command === 'create' && values.account && values.email && values.role) ||
  (command === 'reset-password' && values.email && values.role === undefined && values.name === undefined && values.password === undefined);
if (!valid) {
  console.error(usage);
  process.exit(2);
}

const db = await openCliDatabase();
try {
  if (command === 'reset-password') {
    const { user, password, accountName } = await resetPasswordByEmail(db.em(), { email: values.email!, accountName: values.account }, systemClock);
    console.error(`New password for ${user.id} (${user.email}, ${user.role}) in account ${accountName} (${user.accountId}); their sessions have ended.`);
    if (user.disabled) console.error('The user is disabled: an owner enables them again on the Team page (or PATCH /v1/users/{id}).');
    console.error('The password is shown once:');
    console.log(password);
  } else {
    const { user, initialPassword, accountId } = await createUserInAccount(
      db.em(),
      { accountName: values.account!, email: values.email!, role: values.role!, name: values.name, password: values.password, audited: true },
      systemClock,
    );
    console.error(`Created ${user.id} (${user.email}, ${user.role}) in account ${values.account} (${accountId}).`);
    if (initialPassword) {
      console.error('Its generated password is shown once:');
      console.log(initialPassword);
    }
  }
} catch (err) {
  console.error(`error: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.close();
}
