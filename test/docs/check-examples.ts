// The docs harness: every fenced block of the given documents is run, parsed, or marked not-run with a reviewed reason.
// See test/docs/README.md for the conventions a block follows.
import { execFile, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { parse as parseYaml } from 'yaml';
import { createMock, type RunningMock } from '../../src/index.ts';
import { freePort } from '../support/free-port.ts';
import { blockHash, codeBlocksOf, type CodeBlock } from './markdown-blocks.ts';
import { appEnv, type ScratchApp } from './scratch-app.ts';
import { zshProblems } from './zsh-check.ts';

const run = promisify(execFile);
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PRELUDE = fileURLToPath(new URL('./shell-prelude.sh', import.meta.url));

const KINDS = {
  ts: 'ts', typescript: 'ts', js: 'js', javascript: 'js', mjs: 'js',
  sh: 'sh', bash: 'sh', shell: 'sh', console: 'sh',
  json: 'json', yaml: 'yaml', yml: 'yaml',
  // Shown, never code to run: program output, diagrams.
  text: 'shown', txt: 'shown', plaintext: 'shown', mermaid: 'shown',
} as const;
type Kind = (typeof KINDS)[keyof typeof KINDS];
const kindOf = (block: CodeBlock): Kind | undefined => (KINDS as Record<string, Kind>)[block.info.language];

export interface Failure {
  readonly file: string;
  readonly line: number;
  readonly message: string;
}

export interface NotRunEntry {
  readonly file: string;
  readonly hash: string;
  readonly reason: string;
}

export interface ExamplesReport {
  readonly failures: Failure[];
  /** How many blocks each way went: run as ts, js or sh, parsed, shown, not run. */
  readonly counts: Record<string, number>;
  /** The same counts, document by document. */
  readonly countsByFile: Record<string, Record<string, number>>;
  /** Seconds spent installing the scratch app, type-checking, running TypeScript and JavaScript, running shell. */
  readonly seconds: Record<string, number>;
}

export interface CheckOptions {
  /** Repo-relative paths of the Markdown documents. */
  readonly documents: readonly string[];
  /** The reviewed not-run blocks (test/docs/not-run-blocks.json's `blocks`). */
  readonly notRun: readonly NotRunEntry[];
  /** The app the examples run in; asked for only when a block needs running. */
  readonly app: () => Promise<ScratchApp>;
}

export const where = (failure: Failure) => `${failure.file}:${failure.line}`;

/** The not-run registry: a block marked not-run must be listed with its hash and reason, so that a change to it is reviewed. */
function checkNotRun(blocks: readonly CodeBlock[], documents: readonly string[], entries: readonly NotRunEntry[], fail: (block: CodeBlock | { file: string; line: number }, message: string) => void): void {
  const used = new Set<NotRunEntry>();
  const unmatched: CodeBlock[] = [];
  for (const block of blocks.filter((candidate) => candidate.info.notRun !== undefined)) {
    const hash = blockHash(block);
    const entry = entries.find((candidate) => candidate.file === block.file && candidate.hash === hash);
    if (!block.info.notRun) {
      fail(block, 'a not-run block must say why it is not run: ```LANG not-run: REASON');
    } else if (!entry) {
      unmatched.push(block);
    } else {
      used.add(entry);
      if (entry.reason !== block.info.notRun) fail(block, `not-run reason "${block.info.notRun}" differs from the reviewed one in test/docs/not-run-blocks.json ("${entry.reason}"): update the entry there`);
    }
  }
  for (const block of unmatched) {
    const hash = blockHash(block);
    // An unused entry of this file with the same reason is this block as it was reviewed: it changed since.
    const before = entries.find((candidate) => candidate.file === block.file && !used.has(candidate) && candidate.reason === block.info.notRun && !blocks.some((other) => other.file === candidate.file && blockHash(other) === candidate.hash));
    if (before) used.add(before);
    const entry = JSON.stringify({ file: block.file, hash, reason: block.info.notRun });
    fail(block, before
      ? `a not-run block changed since it was reviewed (hash ${before.hash}, now ${hash}): nothing runs it, so check it by hand, then replace its entry in test/docs/not-run-blocks.json with ${entry}`
      : `a not-run block that test/docs/not-run-blocks.json does not list: check it by hand, then add ${entry}`);
  }
  for (const entry of entries) {
    if (documents.includes(entry.file) && !used.has(entry)) fail({ file: entry.file, line: 1 }, `test/docs/not-run-blocks.json lists a not-run block (hash ${entry.hash}, "${entry.reason}") that the document no longer has: remove the entry`);
  }
}

/** A block's code as a file: the `use=` setup blocks first, and where each of its lines came from. */
interface Composed {
  readonly text: string;
  /** For each line of `text`, from 1: the document line it came from. */
  readonly origins: ReadonlyArray<{ file: string; line: number }>;
}

function compose(block: CodeBlock, setups: readonly CodeBlock[], suffix = ''): Composed {
  const origins: Array<{ file: string; line: number }> = [];
  const parts = [...setups, block].map((part) => {
    const lines = part.code.replace(/\n$/, '').split('\n');
    lines.forEach((_, index) => origins.push({ file: part.file, line: part.line + 1 + index }));
    return lines.join('\n');
  });
  return { text: `${parts.join('\n')}\n${suffix}`, origins };
}

/** A console block's commands: `$ ` lines without their prompt; its output lines blank, so that line numbers still match. */
const commandsOf = (block: CodeBlock) => block.info.language === 'console'
  ? block.code.split('\n').map((line) => (/^\$ /.test(line) ? line.slice(2) : '')).join('\n')
  : block.code;

/**
 * Commands a block that runs must not need: a developer's machine often has them, a fresh one (CI's) does not, so a
 * block using one would pass here and fail there. Node and npm are there by definition; curl is the docs' own tool.
 */
const TOOL_ADVICE: Record<string, string> = {
  jq: "take a field with `node -p 'JSON.parse(process.argv[1]).id' \"$ANSWER\"`, or show the answer as it is",
  yq: 'read the YAML another way',
  openssl: "make a secret with `node -p 'crypto.randomUUID()'`",
  python: 'use node', python3: 'use node',
  docker: 'nothing here runs containers',
};

/** Each use of a TOOL_ADVICE command in command position (a line's start, after `|`, `;`, `&`, `(` or `$(`). */
function toolsNotOnAFreshMachine(commands: string): Array<{ tool: string; lineOffset: number }> {
  const pattern = new RegExp(String.raw`(?:^|[|;&(]|\$\()\s*${ASSIGNMENTS}(${Object.keys(TOOL_ADVICE).join('|')})(?=\s|$|\))`, 'g');
  return commands.split('\n').flatMap((line, lineOffset) => [...line.matchAll(pattern)].map((match) => ({ tool: match[1]!, lineOffset })));
}

/** `2xx` as the shell pattern `2??`; `any` as `*`. */
const statusPattern = (status = '2xx') => (status === 'any' ? '*' : status.replace(/x/gi, '?'));

/** `VAR=value` before a command: the value bare, or quoted with spaces inside (`T="$(openssl rand -hex 16)"`). */
const ASSIGNMENTS = String.raw`(?:[A-Z_][A-Z0-9_]*=(?:"[^"]*"|'[^']*'|\S+)\s+)*`;
const STARTS_SERVER = new RegExp(String.raw`^\s*${ASSIGNMENTS}npx kindgi-mock(?!\s+contracts)(?![^\n#]*--help)`, 'm');

/** The folder of a document in the scratch app: its index and a name, so that two documents never share files. */
const folderOf = (documents: readonly string[], file: string) => `docs/${documents.indexOf(file)}-${file.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;

/**
 * Checks every block of `options.documents`; returns the failures (each naming its file and line), the counts and the time spent.
 * - Static first: language, attributes, the not-run registry, JSON and YAML parsing, shell lines as zsh reads them.
 * - Then, in one scratch app: TypeScript through one strict `tsc`, TypeScript and JavaScript blocks in one Node process,
 *   shell blocks under bash, each document against a mock of its own (KINDGI_MOCK_URL).
 */
export async function checkExamples(options: CheckOptions): Promise<ExamplesReport> {
  const failures: Failure[] = [];
  const counts: Record<string, number> = {};
  const countsByFile: Record<string, Record<string, number>> = {};
  const seconds: Record<string, number> = {};
  const count = (name: string, block: CodeBlock) => {
    counts[name] = (counts[name] ?? 0) + 1;
    const ofFile = (countsByFile[block.file] ??= {});
    ofFile[name] = (ofFile[name] ?? 0) + 1;
  };
  const fail = (at: { file: string; line: number }, message: string) => failures.push({ file: at.file, line: at.line, message });
  const blocks = options.documents.flatMap((file) => codeBlocksOf(file, readFileSync(join(ROOT, file), 'utf8')));

  checkNotRun(blocks, options.documents, options.notRun, fail);
  const runnable: CodeBlock[] = [];
  for (const block of blocks) {
    const kind = kindOf(block);
    if (kind === 'sh') {
      for (const problem of zshProblems(commandsOf(block))) {
        fail({ file: block.file, line: block.line + 1 + problem.lineOffset }, `zsh reads the unquoted \`${problem.character}\` in \`${problem.word}\` as a glob ("no matches found"): quote it ('…')`);
      }
      if (block.info.notRun === undefined) {
        for (const use of toolsNotOnAFreshMachine(commandsOf(block))) {
          fail({ file: block.file, line: block.line + 1 + use.lineOffset }, `\`${use.tool}\` is not on a fresh machine (CI has none), though it may be on yours: ${TOOL_ADVICE[use.tool] ?? 'do without it'}, or mark the block \`\`\`sh not-run: REASON`);
        }
      }
    }
    if (block.info.notRun !== undefined) {
      count('not run', block);
      continue;
    }
    if (kind === undefined) {
      fail(block, block.info.language === ''
        ? 'a block with no language: give it one (`text` for output), so that the harness knows what to do with it'
        : `the harness does not run \`\`\`${block.info.language}: use ts, js, sh, console, json, yaml or text, or mark it \`\`\`${block.info.language} not-run: REASON`);
      continue;
    }
    if (block.info.unknown.length > 0) fail(block, `unknown info-string words ${block.info.unknown.map((word) => `"${word}"`).join(', ')}: the harness takes not-run: REASON, file=, setup=, use=, status=`);
    if (block.info.file !== undefined && (block.info.file.startsWith('/') || normalize(block.info.file).startsWith('..'))) fail(block, `file=${block.info.file} must stay inside the document's folder`);
    if (kind === 'json' || kind === 'yaml') {
      count(`parsed ${kind}`, block);
      try {
        if (kind === 'json') JSON.parse(block.code);
        else parseYaml(block.code);
      } catch (error) {
        fail(block, `not valid ${kind.toUpperCase()}: ${(error as Error).message.split('\n')[0]}`);
      }
    } else if (kind === 'shown') {
      count('shown', block);
    } else {
      runnable.push(block);
    }
  }

  // setup=/use= pairs, within one document.
  const setupsOf = (block: CodeBlock) => block.info.use.map((name) => blocks.find((candidate) => candidate.file === block.file && candidate.info.setup === name));
  for (const block of runnable) {
    const missing = block.info.use.filter((_, index) => setupsOf(block)[index] === undefined);
    if (missing.length > 0) fail(block, `use=${missing.join(',')}: no block of this document has setup=${missing[0]}`);
    if (block.info.setup !== undefined && !runnable.some((other) => other.file === block.file && other.info.use.includes(block.info.setup!))) {
      fail(block, `setup=${block.info.setup} is used by no block (use=${block.info.setup}), so nothing would run it`);
    }
  }
  const toRun = runnable.filter((block) => block.info.setup === undefined && block.info.use.every((_, index) => setupsOf(block)[index] !== undefined));
  if (toRun.length === 0) return { failures, counts, countsByFile, seconds };

  const started = Date.now();
  const app = await options.app();
  seconds.install = (Date.now() - started) / 1000;
  const mocks = new Map<string, RunningMock>();
  try {
    for (const file of new Set(toRun.map((block) => block.file))) mocks.set(file, await createMock().listen(0, '127.0.0.1'));

    // Every file of every document first: a shell block may run what a file= block wrote.
    const composedFiles = new Map<string, Composed>();
    const modules: Array<{ block: CodeBlock; path: string }> = [];
    const written = new Map<string, CodeBlock>();
    for (const block of toRun) {
      const kind = kindOf(block);
      if (kind === 'sh') continue;
      const folder = folderOf(options.documents, block.file);
      const path = block.info.file !== undefined ? `${folder}/${block.info.file}` : `${folder}/line-${block.line}.${kind === 'ts' ? 'ts' : 'mjs'}`;
      if (written.has(path)) {
        fail(block, `file=${block.info.file} is written by the block at line ${written.get(path)!.line} too`);
        continue;
      }
      written.set(path, block);
      // `export {}` makes every block a module, so that two blocks' top-level names never clash.
      const composed = compose(block, setupsOf(block) as CodeBlock[], block.info.file === undefined && kind === 'ts' ? 'export {};\n' : '');
      composedFiles.set(path, composed);
      app.write(path, composed.text);
      count(`ran ${kind}`, block);
      if (block.info.file === undefined) modules.push({ block, path });
    }

    const typeFailed = new Set<CodeBlock>();
    if ([...composedFiles.keys()].some((path) => /\.(ts|mts|cts)$/.test(path))) {
      const typing = Date.now();
      app.write('tsconfig.json', `${JSON.stringify({
        compilerOptions: {
          strict: true, noUncheckedIndexedAccess: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022',
          types: ['node'], skipLibCheck: true, rewriteRelativeImportExtensions: true, outDir: '.out', rootDir: '.', noEmitOnError: false, pretty: false,
        },
        include: ['docs/**/*.ts', 'docs/**/*.mts', 'docs/**/*.cts'],
      }, null, 2)}\n`);
      const output = await run(join(app.dir, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json'], { cwd: app.dir, env: appEnv(), maxBuffer: 16 * 1024 * 1024 }).then(({ stdout }) => stdout, (error: { stdout?: string }) => error.stdout ?? String(error));
      for (const match of output.matchAll(/^(docs\/[^(\n]+)\((\d+),(\d+)\): error (TS\d+): (.*(?:\n {2,}.*)*)/gm)) {
        const origin = composedFiles.get(match[1]!)?.origins[Number(match[2]) - 1];
        const block = written.get(match[1]!);
        if (block) typeFailed.add(block);
        fail(origin ?? block ?? { file: match[1]!, line: 0 }, `tsc (strict): ${match[4]} ${match[5]!.replace(/\s*\n\s*/g, ' ')}`);
      }
      if (output.trim() !== '' && !/error TS\d+/.test(output)) fail({ file: 'test/docs', line: 0 }, `tsc printed what the harness cannot place:\n${output}`);
      seconds.typecheck = (Date.now() - typing) / 1000;
    }

    const running = modules.filter(({ block }) => !typeFailed.has(block));
    if (running.length > 0) {
      const runStart = Date.now();
      app.write('docs-runner.mjs', RUNNER);
      app.write('docs-runner-blocks.json', JSON.stringify(running.map(({ block, path }) => ({
        id: path, module: join(app.dir, kindOf(block) === 'ts' ? `.out/${path.replace(/\.ts$/, '.js')}` : path), cwd: join(app.dir, folderOf(options.documents, block.file)), mockUrl: mocks.get(block.file)!.url,
      }))));
      try {
        await run(process.execPath, ['docs-runner.mjs', 'docs-runner-blocks.json', 'docs-runner-results.json'], { cwd: app.dir, env: { ...appEnv(), CI: 'true' }, maxBuffer: 64 * 1024 * 1024, timeout: 60_000 * running.length + 10_000 });
      } catch (error) {
        fail({ file: 'test/docs', line: 0 }, `the runner of the TypeScript and JavaScript blocks stopped:\n${(error as { stderr?: string }).stderr ?? String(error)}`);
      }
      const results = JSON.parse(readFileSync(join(app.dir, 'docs-runner-results.json'), 'utf8')) as Record<string, string>;
      for (const { block, path } of running) {
        if (results[path] !== undefined) fail(block, `running it failed: ${results[path]}`);
      }
      seconds.runModules = (Date.now() - runStart) / 1000;
    }

    const shellStart = Date.now();
    for (const block of toRun.filter((candidate) => kindOf(candidate) === 'sh')) {
      count('ran sh', block);
      const failure = await runShell(block, app, join(app.dir, folderOf(options.documents, block.file)), mocks.get(block.file)!.url);
      if (failure) fail(failure.at, failure.message);
    }
    if (counts['ran sh']) seconds.runShell = (Date.now() - shellStart) / 1000;
  } finally {
    await Promise.all([...mocks.values()].map((mock) => mock.close()));
  }
  return { failures, counts, countsByFile, seconds };
}

/**
 * Runs a shell block under bash in its document's folder; undefined when it passed.
 * - `http://127.0.0.1:4010` and `http://localhost:4010` become the mock's URL: the document's mock, or the one the block
 *   starts itself (`npx kindgi-mock`, then on a free port).
 * - The block runs in a process group of its own, stopped when it ends, with whatever it started; 120 s at most.
 */
async function runShell(block: CodeBlock, app: ScratchApp, cwd: string, documentMockUrl: string): Promise<{ at: { file: string; line: number }; message: string } | undefined> {
  const startsServer = STARTS_SERVER.test(commandsOf(block));
  // A server the block starts always gets a free port of its own, whether or not its URLs are rewritten to it.
  const port = await freePort();
  const url = startsServer ? `http://127.0.0.1:${port}` : documentMockUrl.replace(/\/$/, '');
  const code = commandsOf(block)
    .replace(/http:\/\/(?:127\.0\.0\.1|localhost):4010/g, url)
    // A server the block starts in the background is started by the prelude's npx, which returns once it listens.
    .replace(new RegExp(String.raw`^(\s*${ASSIGNMENTS}npx kindgi-mock\b[^\n#&]*?)\s*&\s*$`, 'gm'), '$1');
  const header = [`source ${JSON.stringify(PRELUDE)}`, 'set -eo pipefail', 'trap \'echo "KINDGI_DOCS_FAILED_AT=$((LINENO - 4))" >&2\' ERR', `cd ${JSON.stringify(cwd)}`];
  const scriptPath = `${cwd}/line-${block.line}.sh`;
  app.write(scriptPath.slice(app.dir.length + 1), `${header.join('\n')}\n${code}`);
  const env = { ...appEnv(), CI: 'true', KINDGI_MOCK_URL: url, KINDGI_EXPECT_STATUS: statusPattern(block.info.status), KINDGI_DOCS_PORT: String(port), KINDGI_DOCS_TARBALL: app.tarball };
  const child = spawn('bash', [scriptPath], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => { stdout += chunk; });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => { stderr += chunk; });
  const timer = setTimeout(() => { stderr += '\n(stopped after 120 s)'; process.kill(-child.pid!, 'SIGKILL'); }, 120_000);
  const exitCode = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(timer);
  // Whatever the block started (a server it ran with npx) stops with its group.
  try { process.kill(-child.pid!, 'SIGTERM'); } catch { /* the group is gone already */ }
  if (exitCode === 0) return undefined;
  const failedAt = /KINDGI_DOCS_FAILED_AT=(\d+)/.exec(stderr);
  const line = failedAt ? block.line + Number(failedAt[1]) : block.line;
  const said = `${stderr.replace(/KINDGI_DOCS_FAILED_AT=\d+\n?/g, '')}`.trim().split('\n').slice(-12).join('\n');
  const shown = stdout.trim().split('\n').slice(-5).join('\n');
  return { at: { file: block.file, line }, message: `bash exited ${exitCode}: ${said}${shown ? `\n(last output: ${shown})` : ''}` };
}

/** The one Node process that runs every TypeScript (compiled) and JavaScript block in turn, each with its document's mock. */
const RUNNER = `// Written by test/docs/check-examples.ts: imports each block in turn and records what failed.
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
const [blocksFile, resultsFile] = process.argv.slice(2).map((path) => resolve(path));
const blocks = JSON.parse(readFileSync(blocksFile, 'utf8'));
const results = {};
let current;
const record = (error) => { if (current && results[current] === undefined) results[current] = String(error && error.stack || error).split('\\n').slice(0, 6).join('\\n'); };
process.on('unhandledRejection', record);
process.on('uncaughtException', record);
for (const block of blocks) {
  current = block.id;
  process.env.KINDGI_MOCK_URL = block.mockUrl;
  process.chdir(block.cwd);
  let timer;
  try {
    await Promise.race([
      import(pathToFileURL(block.module).href),
      new Promise((_, reject) => { timer = setTimeout(() => reject(new Error('did not finish in 60 s')), 60_000); }),
    ]);
  } catch (error) {
    record(error);
  } finally {
    clearTimeout(timer);
  }
  // A moment for what the block left running to fail it rather than the next.
  await new Promise((resolve) => setTimeout(resolve, 20));
}
writeFileSync(resultsFile, JSON.stringify(results));
process.exit(0);
`;
