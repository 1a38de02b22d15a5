// When the mail worker tries an email again: the wait after each temporary failure (a 4xx answer, a
// timeout, a mail server that cannot be reached). Apart from the sender so that queueing a message
// (in the API process) does not load the SMTP client.

/** The job kind of one email's delivery (one job per email, its subject the message id). */
export const MAIL_JOB = 'mail.send';

/** The wait after the 1st, 2nd, ... temporary failure: 10 s, 1 min, 5 min, 30 min, 2 h, 6 h. */
export const MAIL_RETRY_DELAYS_MS: readonly number[] = [10_000, 60_000, 300_000, 1_800_000, 7_200_000, 21_600_000];

/** The first attempt and one retry per delay; a temporary failure of the last one fails the email. */
export const MAIL_MAX_ATTEMPTS = 1 + MAIL_RETRY_DELAYS_MS.length;

/** The wait before attempt n+1 after attempt n failed for a while (the last delay beyond the table). */
export const mailRetryDelayMs = (attempt: number): number => MAIL_RETRY_DELAYS_MS[Math.max(attempt, 1) - 1] ?? MAIL_RETRY_DELAYS_MS.at(-1)!;
