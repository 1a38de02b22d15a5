// The guides work as written: every `sh run` block of README.md and docs/*.md runs, in order, against
// a live server started as `npm start` starts it (the embedded database, the key it prints), each
// guide in a shell of its own whose variables carry from block to block; a command that fails, or an
// answer other than the one a block shows, fails the guide. Receivers and other `node` commands of the
// guides run on the machine's own Node when it is another than the project's (20 here, the oldest an
// integrator runs), as they would on a newcomer's machine. See test/support/doc-blocks.ts for the marks.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerPattern, docBlocks, RUNNABLE_LANGS, stepsOf, type DocBlock } from './support/doc-blocks.js';
import { migratedDataDir } from './support/embedded-database.js';
import { freePort } from './support/ports.js';
import { startRelay, type Relay } from './support/receiver.js';

const ROOT = resolve(import.meta.dirname, '..');
const ALL_GUIDES = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)];
/** `GUIDE=docs/orders.md vitest run test/guides.test.ts` runs one guide. */
const GUIDES = process.env.GUIDE ? ALL_GUIDES.filter((g) => g === process.env.GUIDE) : ALL_GUIDES;

/**
 * The Node a newcomer's receiver runs on: 20, the oldest maintained one the guides promise (NODE20,
 * else the machine's own). Without it the receivers run on the project's Node, loudly, except under
 * CI, where that fails.
 */
const NODE20 = [process.env.NODE20, '/usr/bin/node', '/usr/local/bin/node'].find(
  (n): n is string => !!n && existsSync(n) && execFileSync(n, ['-p', 'process.versions.node'], { encoding: 'utf8' }).startsWith('20.'),
);
if (!NODE20) console.warn('\n*** The guides\' receivers run on Node ' + process.version + ': no Node 20 at /usr/bin/node (or NODE20).\n');
const RECEIVER_NODE = NODE20 ?? process.execPath;

const work = mkdtempSync(join(tmpdir(), 'vt-guides-'));
let server: ChildProcess;
let api = '';
let apiKey = '';

beforeAll(async () => {
  const port = await freePort();
  api = `http://127.0.0.1:${port}`;
  await migratedDataDir(join(work, 'data'));
  server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(work, 'data'), NODE_ENV: 'development', LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '', SMTP_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  server.stdout!.on('data', (d) => (out += d));
  server.stderr!.on('data', (d) => (out += d));
  const deadline = Date.now() + 50_000;
  while (!/export API_KEY=(sk_\S+)/.test(out)) {
    if (Date.now() > deadline || server.exitCode !== null) throw new Error(`the server did not print its key:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  apiKey = /export API_KEY=(sk_\S+)/.exec(out)![1]!;
  // A folder whose `node` is the receivers' Node, first on PATH.
  mkdirSync(join(work, 'bin'));
  symlinkSync(RECEIVER_NODE, join(work, 'bin', 'node'));
  // `npx vehicle-transport ...` as a newcomer types it in the project's folder: npm's own npx resolves
  // the project's bin there (the guides' shells run in folders of their own, so it is run from ROOT).
  const npx = execFileSync('sh', ['-c', 'command -v npx'], { encoding: 'utf8' }).trim();
  writeFileSync(join(work, 'bin', 'npx'), `#!/bin/sh\nif [ "$1" = vehicle-transport ]; then cd '${ROOT}' || exit 1; fi\nexec '${npx}' "$@"\n`, { mode: 0o755 });
}, 60_000);

afterAll(async () => {
  server?.kill('SIGTERM');
  await new Promise((r) => (server?.exitCode !== null ? r(null) : server.once('exit', r)));
  rmSync(work, { recursive: true, force: true });
});

/** A guide's own shell state: its folder and the variables its blocks set. */
class GuideShell {
  readonly dir: string;
  private readonly state: string;
  /** Each background command, what it printed, and how much of that an output block has shown. */
  private readonly background: { child: ChildProcess; out: string; shown: number }[] = [];
  /** Receivers listen where the guides say (4000); here, on a free port of the guide's own. */
  receiverPort = 0;
  /**
   * Where deliveries go (a URL the guides spell `127.0.0.1:4000`): a checked hop in front of the
   * receiver (`startRelay`), so that each delivery is checked against its version's document.
   */
  relayPort = 0;

  constructor(name: string) {
    this.dir = join(work, name.replace(/[^a-z0-9]+/gi, '-'));
    mkdirSync(this.dir);
    this.state = join(this.dir, '.state');
    const path = [join(work, 'bin'), ...(process.env.PATH ?? '').split(':').filter((p) => !p.startsWith(join(ROOT, 'node_modules')))].join(':');
    writeFileSync(this.state, `export PATH='${path}' API='${api}' API_KEY='${apiKey}'\n`);
  }

  local(code: string): string {
    return code.replace(/127\.0\.0\.1:4000\b/g, `127.0.0.1:${this.relayPort}`).replace(/\b4000\b/g, String(this.receiverPort));
  }

  private script(code: string, failOnHttpError: boolean): string {
    return [
      `set -a; . '${this.state}'`,
      // A request the server refuses fails the step (unless the block shows the refusal).
      failOnHttpError ? 'curl() { command curl --fail-with-body "$@"; }' : '',
      'set -eo pipefail',
      this.local(code),
      `export -p | grep -v '^declare -[a-z]*r' > '${this.state}.next' && mv '${this.state}.next' '${this.state}'`,
    ].join('\n');
  }

  run(code: string, failOnHttpError: boolean): Promise<{ code: number | null; stdout: string; stderr: string }> {
    return new Promise((done) => {
      const child = spawn('bash', ['-c', this.script(code, failOnHttpError)], { cwd: this.dir, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => (stderr += d));
      const timer = setTimeout(() => child.kill('SIGKILL'), 45_000);
      child.on('close', (code) => (clearTimeout(timer), done({ code, stdout, stderr })));
    });
  }

  /** Starts a background command and waits until it says something (a receiver: that it listens). */
  async start(code: string): Promise<void> {
    const child = spawn('bash', ['-c', `set -a; . '${this.state}'\n${this.local(code).trim()}`], { cwd: this.dir, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const entry = { child, out: '', shown: 0 };
    child.stdout!.on('data', (d) => (entry.out += d));
    child.stderr!.on('data', (d) => (entry.out += d));
    this.background.push(entry);
    const deadline = Date.now() + 15_000;
    while (entry.out === '' && child.exitCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    if (child.exitCode !== null) throw new Error(`the background command exited (${child.exitCode}):\n${entry.out}`);
    if (entry.out === '') throw new Error('the background command said nothing in 15 s (a receiver says it listens)');
  }

  /** What the last background command printed since the previous output block, once it matches (or 15 s). */
  async printed(pattern: RegExp, timeoutMs = 15_000): Promise<string> {
    const last = this.background.at(-1);
    if (!last) throw new Error('an output block with no background command before it');
    const deadline = Date.now() + timeoutMs;
    const fresh = () => last.out.slice(last.shown);
    while (!pattern.test(fresh()) && Date.now() < deadline && last.child.exitCode === null) await new Promise((r) => setTimeout(r, 100));
    const out = fresh();
    const match = pattern.exec(out);
    if (match) last.shown += match.index + match[0].length;
    return out;
  }

  save(name: string, code: string): void {
    writeFileSync(join(this.dir, name), this.local(code));
  }

  stop(): void {
    for (const { child } of this.background) if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
  }
}

const where = (b: DocBlock, line = b.line) => `${b.file}:${line}`;

describe('every sh, js and ts block of the guides is marked: run, a file to save, or shown only', () => {
  it.skipIf(!NODE20 && !process.env.CI)('the receivers run on Node 20', () => {
    expect(NODE20, 'Node 20 at /usr/bin/node (or NODE20)').toBeDefined();
  });

  it.each(GUIDES)('%s', (guide) => {
    const unmarked = docBlocks(readFileSync(join(ROOT, guide), 'utf8'), guide)
      .filter((b) => RUNNABLE_LANGS.has(b.lang) || b.lang === '')
      .filter((b) => !b.flags.has('run') && !b.flags.has('no-run') && !b.params.has('file'))
      .map((b) => where(b));
    expect(unmarked).toEqual([]);
  });
});

for (const guide of GUIDES) {
  const blocks = docBlocks(readFileSync(join(ROOT, guide), 'utf8'), guide).filter(
    (b) => b.flags.has('run') || b.flags.has('output') || (b.params.has('file') && b.lang !== 'markdown'),
  );
  if (blocks.length === 0) continue;
  describe(`${guide}, as written`, () => {
    let shell: GuideShell;
    let relay: Relay;
    beforeAll(async () => {
      shell = new GuideShell(guide);
      shell.receiverPort = await freePort();
      relay = await startRelay(`http://127.0.0.1:${shell.receiverPort}/`);
      shell.relayPort = Number(new URL(relay.url).port);
    });
    afterAll(async () => {
      shell?.stop();
      await relay?.close();
    });

    for (const block of blocks) {
      const label = `${block.flags.has('output') ? 'prints' : block.params.has('file') ? `saves ${block.params.get('file')}` : block.flags.has('background') ? 'starts' : 'runs'} (${where(block)})`;
      it(label, async () => {
        if (block.params.has('file')) return shell.save(block.params.get('file')!, block.code);
        if (block.flags.has('background')) return shell.start(block.code);
        if (block.flags.has('output')) {
          const pattern = answerPattern(shell.local(block.code), { whole: false });
          const out = await shell.printed(pattern);
          expect(out, `${where(block)}: the background command printed`).toMatch(pattern);
          return;
        }
        for (const step of stepsOf(block)) {
          const showsRefusal = step.shows !== null && /^\{\s*"error"/.test(step.shows);
          const ran = await shell.run(step.commands, !showsRefusal);
          expect(ran.code, `${where(block, step.line)}: exit status\n${step.commands}\n--- stdout\n${ran.stdout}\n--- stderr\n${ran.stderr}`).toBe(0);
          if (step.shows !== null) expect(ran.stdout, `${where(block, step.line)}: the answer shown`).toMatch(answerPattern(shell.local(step.shows), { whole: true }));
        }
      }, 60_000);
    }
  });
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replace(/ /g, '-');

/** The `#` headings of a guide outside its code blocks. */
function headings(markdown: string): { level: number; text: string }[] {
  let fence = false;
  const out: { level: number; text: string }[] = [];
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fence = !fence;
    const h = !fence && /^(#{1,6}) (.+)$/.exec(line);
    if (h) out.push({ level: h[1]!.length, text: h[2]! });
  }
  return out;
}

describe('the guides read as a set: a table of contents each, and no link to a missing file or heading', () => {
  it.each(ALL_GUIDES.filter((g) => g.startsWith('docs/')))('%s lists each of its sections at the top', (guide) => {
    const text = readFileSync(join(ROOT, guide), 'utf8');
    const sections = headings(text).filter((h) => h.level === 2);
    const toc = /<!-- toc -->\n\*\*Contents\*\*\n\n((?:- .*\n)+)/.exec(text)?.[1] ?? '';
    expect(toc.trim().split('\n')).toEqual(sections.map((h) => `- [${h.text}](#${anchorOf(h.text)})`));
  });

  it.each(ALL_GUIDES)('%s links only to what exists', (guide) => {
    const text = readFileSync(join(ROOT, guide), 'utf8');
    const broken: string[] = [];
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target!)) continue; // another site
      const [path, anchor] = target!.split('#') as [string, string | undefined];
      const file = path ? resolve(ROOT, guide, '..', path) : join(ROOT, guide);
      if (!existsSync(file)) {
        broken.push(target!);
        continue;
      }
      if (anchor && file.endsWith('.md') && !headings(readFileSync(file, 'utf8')).some((h) => anchorOf(h.text) === anchor)) broken.push(target!);
    }
    expect(broken).toEqual([]);
  });

  it('the README is the front door: at most 250 lines', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(250);
  });
});
