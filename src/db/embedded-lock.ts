// The embedded database is one process's: PGlite runs PostgreSQL inside the process that opens it,
// and a second process opening the same directory writes over the first's pages with its own (a
// key made by the CLI beside a running server was gone after the server's next checkpoint). A lock
// file beside the directory, `<DATA_DIR>.lock`, names its holder; a second opener refuses, naming
// the holder and what to do instead. A holder that died (killed, crashed) leaves the file behind:
// the next opener sees its process gone and takes the lock over.
import { closeSync, linkSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';

interface Holder {
  pid: number;
  /** The process's start time in clock ticks since boot (Linux `/proc/<pid>/stat`): a pid reused by another process is not the holder. */
  proc_start: string | null;
  host: string;
  command: string;
  since: string;
}

/** The embedded database is open in another process. */
export class EmbeddedDatabaseInUseError extends Error {
  override readonly name = 'EmbeddedDatabaseInUseError';
  constructor(
    readonly dataDir: string,
    readonly holder: Holder,
  ) {
    super(
      `The embedded database ${dataDir} is in use by process ${holder.pid} (${holder.command}, since ${holder.since}). ` +
        'One process at a time can open it: a second one would lose what it writes. ' +
        'Stop that process first; or, while the server runs, do this through it (API keys: POST /v1/api_keys or ' +
        "the dashboard's Keys page; users: the dashboard's Team page); or give this process a DATA_DIR of its own; " +
        'or use PostgreSQL (DATABASE_URL), which any number of processes share.',
    );
  }
}

export const lockFileOf = (dataDir: string): string => `${dataDir}.lock`;

/** The start time of a process (Linux), or null where /proc does not say. */
function processStart(pid: number | 'self'): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command (in parentheses, which may hold spaces): state is the 3rd, starttime the 22nd.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z' || fields[0] === 'X') return 'dead'; // a zombie holds nothing
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

/** Whether the process that wrote `holder` still runs. */
function alive(holder: Holder): boolean {
  if (holder.host !== hostname()) return true; // a directory shared with another machine: cannot tell, so it holds
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return false;
    // EPERM: it runs, as another user.
  }
  const start = processStart(holder.pid);
  if (start === 'dead') return false;
  return holder.proc_start === null || start === null || start === holder.proc_start;
}

function readHolder(file: string): Holder | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>;
    return typeof parsed.pid === 'number' ? (parsed as Holder) : null;
  } catch {
    return null;
  }
}

const held = new Set<string>();
process.once('exit', () => {
  for (const file of held) {
    try {
      unlinkSync(file);
    } catch {
      // already gone
    }
  }
});

/**
 * Takes the embedded database in `dataDir` for this process, or throws EmbeddedDatabaseInUseError.
 * Answers the release (also done when the process exits).
 */
export function lockEmbeddedDatabase(dataDir: string): () => void {
  const file = lockFileOf(dataDir);
  const me: Holder = {
    pid: process.pid,
    proc_start: processStart('self'),
    host: hostname(),
    command: process.argv.slice(1, 3).join(' ') || process.argv0,
    since: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 5; attempt++) {
    // Written whole under a name of its own, then linked into place: the link succeeds for one
    // process only, and no reader ever sees half a file.
    const draft = `${file}.${process.pid}.${attempt}`;
    const fd = openSync(draft, 'w');
    try {
      writeSync(fd, `${JSON.stringify(me)}\n`);
    } finally {
      closeSync(fd);
    }
    try {
      linkSync(draft, file);
      held.add(file);
      return () => {
        if (!held.delete(file)) return;
        try {
          unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      unlinkSync(draft);
    }
    const holder = readHolder(file);
    if (holder && holder.pid === process.pid && held.has(file)) throw new EmbeddedDatabaseInUseError(dataDir, holder);
    if (holder && holder.pid !== process.pid && alive(holder)) throw new EmbeddedDatabaseInUseError(dataDir, holder);
    // Left by a process that is gone (or unreadable): moved aside under a name of this process, so
    // that of two processes finding it stale at once only one removes it; then try again.
    const aside = `${file}.stale.${process.pid}`;
    try {
      renameSync(file, aside);
      const moved = readHolder(aside);
      if (moved && moved.pid !== holder?.pid && alive(moved)) {
        // Another process took the lock between the read and the move: put it back.
        linkSync(aside, file);
      }
      unlinkSync(aside);
    } catch {
      // Someone else moved it first: try again.
    }
  }
  const holder = readHolder(file);
  throw new EmbeddedDatabaseInUseError(dataDir, holder ?? { pid: 0, proc_start: null, host: hostname(), command: 'unknown', since: 'unknown' });
}
