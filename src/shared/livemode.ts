// The two modes of an account. Each account has a live mode and, once its first test key or client is
// made, a test mode: an account row of its own (`accounts.livemode = false`, `live_account_id` naming
// the live one), so every query, already scoped to the caller's account, keeps the modes apart with
// no change. A test account's id is its live account's with `acct_test_` in place of `acct_`, so the
// mode of any row is read from the account id it already carries, without a lookup.
import { errors } from './errors.js';

const LIVE_PREFIX = 'acct_';
const TEST_PREFIX = 'acct_test_';

/** Whether the account (a row's `account_id`) is a live one. */
export const livemodeOf = (accountId: string): boolean => !accountId.startsWith(TEST_PREFIX);

/** The live account of an account of either mode. */
export const liveAccountIdOf = (accountId: string): string =>
  livemodeOf(accountId) ? accountId : LIVE_PREFIX + accountId.slice(TEST_PREFIX.length);

/** The test account of an account of either mode. */
export const testAccountIdOf = (accountId: string): string =>
  livemodeOf(accountId) ? TEST_PREFIX + accountId.slice(LIVE_PREFIX.length) : accountId;

/** Refuses a live caller of what exists in test mode only (test helpers, listeners): 404, as a path that does not exist. */
export function assertTestMode(accountId: string, method: string, path: string): void {
  if (livemodeOf(accountId)) throw errors.testHelpersTestModeOnly(method, path);
}
