// The code blocks of the guides (README.md, docs/*.md) as the doc test runs them. A fence's info
// string is its language, then what the doc test does with it:
//
//   ```sh run                 run in order, in the guide's shell (variables carry over to the next block);
//                             a `# -> ...` comment shows what the command above it prints, and must match
//   ```sh run background      started in the background ("in another terminal"), stopped at the guide's end
//   ```text output            what the last background command prints (waited for)
//   ```js file=receiver.mjs   saved as that file in the guide's folder ("save this as receiver.mjs")
//   ```sh no-run              shown only (a deploy, a placeholder): the doc test lists these
//
// In a shown answer `...` stands for anything (more fields, the rest of an id), and white space is
// free: `# -> {"id":"cus_...","object":"customer",...}`. Continuation lines start with `#` and at
// least two spaces.

export interface DocBlock {
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  lang: string;
  /** Words after the language (`run`, `background`, `output`, `no-run`). */
  flags: Set<string>;
  /** `name=value` words after the language (`file=receiver.mjs`). */
  params: Map<string, string>;
  code: string;
}

/** Languages whose blocks the doc test runs or saves, or must be told to leave alone (`no-run`). */
export const RUNNABLE_LANGS = new Set(['sh', 'bash', 'shell', 'console', 'js', 'javascript', 'mjs', 'ts', 'typescript']);

export function docBlocks(markdown: string, file: string): DocBlock[] {
  const lines = markdown.split('\n');
  const blocks: DocBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    // A fence with no language is kept too (language ''), so the doc test can refuse it.
    const open = /^```(\S*)(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && lines[i] !== '```'; i++) body.push(lines[i]!);
    const words = open[2]!.trim().split(/\s+/).filter(Boolean);
    blocks.push({
      file,
      line: start + 1,
      lang: open[1]!,
      flags: new Set(words.filter((w) => !w.includes('='))),
      params: new Map(words.filter((w) => w.includes('=')).map((w) => [w.slice(0, w.indexOf('=')), w.slice(w.indexOf('=') + 1)] as [string, string])),
      code: body.join('\n') + '\n',
    });
  }
  return blocks;
}

/** One step of a `run` block: commands, and what they print when the block shows it. */
export interface Step {
  commands: string;
  /** The answer the block shows for these commands (null: not shown, only the exit status counts). */
  shows: string | null;
  /** 1-based line of the check in the guide. */
  line: number;
}

/** A `run` block cut at each `# -> ...` check: the commands since the previous check, and the answer shown. */
export function stepsOf(block: DocBlock): Step[] {
  const lines = block.code.replace(/\n$/, '').split('\n');
  const steps: Step[] = [];
  let commands: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const check = /^\s*# -> (.*)$/.exec(lines[i]!);
    if (!check) {
      commands.push(lines[i]!);
      continue;
    }
    const line = block.line + 1 + i;
    const shown = [check[1]!];
    while (i + 1 < lines.length && /^\s*# {2,}\S/.test(lines[i + 1]!)) shown.push(lines[++i]!.replace(/^\s*#\s+/, ''));
    steps.push({ commands: commands.join('\n'), shows: shown.join(' '), line });
    commands = [];
  }
  if (commands.some((c) => c.trim() && !c.trim().startsWith('#'))) steps.push({ commands: commands.join('\n'), shows: null, line: block.line });
  return steps;
}

/** The shown answer as a pattern: `...` is anything, white space is optional, the rest literal. */
export function answerPattern(shown: string, { whole }: { whole: boolean }): RegExp {
  // `,...` and `...` alike: the wildcard takes the comma, so `"a":1,...,"b":2` matches `"a":1,"b":2` too.
  const parts = shown.trim().replace(/,\s*\.\.\./g, '...').split('...').map((p) =>
    p
      .split(/\s+/)
      .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('\\s*'),
  );
  const body = parts.join('[\\s\\S]*?');
  return new RegExp(whole ? `^\\s*${body}\\s*$` : body);
}
