// A real SMTP server on 127.0.0.1 in the test process (smtp-server): it records every message it is
// given, parsed (mailparser), and answers RCPT TO and DATA as the test says: a temporary or permanent
// refusal, or a DATA answer held back until released (a worker killed mid-send).
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope sender and recipients, as given in MAIL FROM and RCPT TO. */
  from: string;
  to: string[];
  raw: Buffer;
  parsed: ParsedMail;
}

/** An SMTP reply: `{ code: 451, text: '4.3.0 Try again later' }`. */
export interface Refusal {
  code: number;
  text: string;
}

export interface TestSmtpServer {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Replies to the next RCPT TO commands, in order; then 250. */
  rcptRefusals: Refusal[];
  /** While true, a message's DATA is read and recorded but its answer waits for `release()`. */
  holdData: boolean;
  /** Answers every DATA held so far (250). */
  release(): void;
  /** Resolves once `n` messages in all were received. */
  waitFor(n: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** Starts a server on `port` (0: any free port). */
export async function startSmtpServer(port = 0): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const held: (() => void)[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  const state = { rcptRefusals: [] as Refusal[], holdData: false };
  const refusal = (r: Refusal) => Object.assign(new Error(r.text), { responseCode: r.code });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Idle pooled connections must not keep close() waiting.
    closeTimeout: 100,
    onRcptTo(_address, _session, callback) {
      const next = state.rcptRefusals.shift();
      callback(next ? refusal(next) : null);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        void simpleParser(raw).then((parsed) => {
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          received.push({ from, to: session.envelope.rcptTo.map((r) => r.address), raw, parsed });
          for (const w of waiters.filter((w) => received.length >= w.n)) w.resolve();
          if (state.holdData) held.push(() => callback(null));
          else callback(null);
        }, callback);
      });
    },
  });
  server.on('error', () => undefined); // a client that vanished mid-command (a killed worker)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.server.address() as AddressInfo).port;
  return {
    port: actual,
    url: `smtp://127.0.0.1:${actual}`,
    received,
    get rcptRefusals() {
      return state.rcptRefusals;
    },
    set rcptRefusals(value: Refusal[]) {
      state.rcptRefusals = value;
    },
    get holdData() {
      return state.holdData;
    },
    set holdData(value: boolean) {
      state.holdData = value;
    },
    release() {
      for (const answer of held.splice(0)) answer();
    },
    waitFor(n, timeoutMs = 10_000) {
      if (received.length >= n) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`timed out waiting for ${n} messages (got ${received.length})`)), timeoutMs);
        waiters.push({
          n,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    close() {
      for (const answer of held.splice(0)) answer();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
