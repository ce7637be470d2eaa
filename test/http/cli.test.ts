// `npm start` (src/cli.ts) as a user runs it: it says where it listens, serves, stops on SIGTERM
// with code 0, and refuses bad flags with a message and the usage text (exit 1).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { MAX_SEED } from '../../src/seeded-random.ts';
import { rawRequest } from '../support/raw-http.ts';
import { mockCliEnv } from '../support/run-node.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LISTENING = /listening on (http:\/\/127\.0\.0\.1:\d+)/;

interface Started {
  child: ChildProcess;
  output: { stdout: string; stderr: string };
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const children: ChildProcess[] = [];

/** Where the started mocks remember worlds that passed, so that tests leave the user's cache alone. */
const VERDICTS = mkdtempSync(join(tmpdir(), 'kindgi-cli-verdicts-'));
afterAll(() => rmSync(VERDICTS, { recursive: true, force: true }));

/** Where the tests' scenarios files are written. */
const SCENARIOS_DIR = mkdtempSync(join(tmpdir(), 'kindgi-cli-scenarios-'));
afterAll(() => rmSync(SCENARIOS_DIR, { recursive: true, force: true }));
function scenariosFile(name: string, text: string): string {
  const file = join(SCENARIOS_DIR, name);
  writeFileSync(file, text);
  return file;
}

function start(args: string[], extraEnv: Record<string, string> = {}): Started {
  const env = { ...mockCliEnv(VERDICTS), ...extraEnv };
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const output = { stdout: '', stderr: '' };
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => { output.stdout += chunk; });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => { output.stderr += chunk; });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  return { child, output, exited };
}

/** Resolves with the URL once the child prints its listening line; rejects if it exits first. */
function listeningUrl(started: Started, timeoutMs = 20_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line in ${timeoutMs} ms:\n${started.output.stdout}\n${started.output.stderr}`)), timeoutMs);
    const look = () => {
      const match = LISTENING.exec(started.output.stdout);
      if (!match) return;
      clearTimeout(timer);
      started.child.stdout!.off('data', look);
      resolve(match[1]!);
    };
    started.child.stdout!.on('data', look);
    look();
    void started.exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`exited (${code ?? signal}) before listening:\n${started.output.stdout}\n${started.output.stderr}`));
    });
  });
}

/** Resolves once the child's stdout matches `pattern` (the banner comes in more than one chunk). */
function printed(started: Started, pattern: RegExp, timeoutMs = 5_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`stdout never matched ${pattern}:\n${started.output.stdout}`)), timeoutMs);
    const look = () => {
      if (!pattern.test(started.output.stdout)) return;
      clearTimeout(timer);
      started.child.stdout!.off('data', look);
      resolve();
    };
    started.child.stdout!.on('data', look);
    look();
  });
}

/** The exit of the child, or an error when it takes longer than `ms`. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms); }),
  ]);
}

afterEach(() => {
  for (const child of children.splice(0)) {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(child.pid, 'SIGKILL');
      } catch {
        // it exited between the check and the kill
      }
    }
  }
});

describe('npm start (src/cli.ts)', () => {
  it('--port 0 → prints "listening on http://127.0.0.1:<port>", serves GET /health, and SIGTERM stops it with code 0', async () => {
    const started = start(['--port', '0']);
    const url = await listeningUrl(started);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(Number(new URL(url).port)).toBeGreaterThan(0);

    const health = await fetch(`${url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ ok: true });

    const withoutToken = await fetch(`${url}/v1/corrections?limit=1`);
    expect(withoutToken.status).toBe(401);

    process.kill(started.child.pid!, 'SIGTERM');
    const { code } = await within(started.exited, 5_000, 'stopping on SIGTERM');
    expect(code).toBe(0);
    await expect(fetch(`${url}/health`)).rejects.toThrow();
  }, 40_000);

  it('--corrections 0 → serves a world with its projects and principals but no correction, and --corrections -1 is refused', async () => {
    const started = start(['--port', '0', '--corrections', '0']);
    const url = await listeningUrl(started);
    const projects = (await (await fetch(`${url}/__mock/projects`)).json()) as { data: Array<{ counts: { corrections: Record<string, number> } }> };
    expect(projects.data.length).toBeGreaterThan(0);
    expect(projects.data.every((p) => Object.values(p.counts.corrections).every((n) => n === 0))).toBe(true);
    const principals = (await (await fetch(`${url}/__mock/principals`)).json()) as { data: Array<{ token: string; role: string; kind: string }> };
    const admin = principals.data.find((p) => p.kind === 'user' && p.role === 'admin')!;
    const list = await fetch(`${url}/v1/corrections`, { headers: { Authorization: `Bearer ${admin.token}` } });
    expect(((await list.json()) as { data: unknown[] }).data).toEqual([]);
    process.kill(started.child.pid!, 'SIGTERM');
    await within(started.exited, 5_000, 'stopping on SIGTERM');

    const refused = start(['--port', '0', '--corrections=-1']);
    const { code } = await within(refused.exited, 20_000, 'refusing --corrections -1');
    expect(code).toBe(1);
    expect(refused.output.stderr).toContain('0 or more');
  }, 60_000);

  it('--public-url https://demo.example.com:8443 → the banner says so, and /__mock answers requests addressed to that host', async () => {
    const started = start(['--port', '0', '--public-url', 'https://demo.example.com:8443']);
    const url = await listeningUrl(started);
    await printed(started, /every token:.*\n/);
    expect(started.output.stdout).toContain('served as https://demo.example.com:8443');
    const addressed = (host: string) => rawRequest(url, 'GET', '/__mock/state', { Host: host });
    expect((await addressed('demo.example.com:8443')).status).toBe(200);
    expect((await addressed('other.example.com')).status).toBe(403);
    process.kill(started.child.pid!, 'SIGTERM');
    expect((await within(started.exited, 5_000, 'stopping on SIGTERM')).code).toBe(0);
  }, 40_000);

  it('KINDGI_MOCK_ADMIN_TOKEN → the banner says /__mock takes the secret; a short --admin-token → exit 1 naming its length', async () => {
    const started = start(['--port', '0'], { KINDGI_MOCK_ADMIN_TOKEN: 'cli-test-secret-0123456789' });
    await listeningUrl(started);
    await printed(started, /every token:.*\n/);
    expect(started.output.stdout).toContain('/__mock: this machine, and callers elsewhere that send X-Mock-Admin-Token');
    process.kill(started.child.pid!, 'SIGTERM');
    expect((await within(started.exited, 5_000, 'stopping on SIGTERM')).code).toBe(0);
    const short = start(['--port', '0', '--admin-token', 'short']);
    expect((await within(short.exited, 20_000, 'refusing the flag')).code).toBe(1);
    expect(short.output.stderr).toContain('16 characters or more');
  }, 40_000);

  it('--public-url demo.example.com (no scheme) → exit 1 saying it is not a URL', async () => {
    const started = start(['--port', '0', '--public-url', 'demo.example.com']);
    expect((await within(started.exited, 20_000, 'refusing the flag')).code).toBe(1);
    expect(started.output.stderr).toContain('public URL "demo.example.com" (publicUrl, --public-url) is not a URL');
  }, 40_000);

  it('--port 0 → the printed curl examples carry tokens that work, and every URL with a ? is quoted (zsh refuses it bare); no faults line', async () => {
    const started = start(['--port', '0']);
    const url = await listeningUrl(started);
    await printed(started, /what was asked and answered:.*\n/);
    const example = /curl -H 'Authorization: Bearer (\S+)' '(\S+)'/.exec(started.output.stdout);
    expect(example, started.output.stdout).not.toBeNull();
    const response = await fetch(example![2]!, { headers: { Authorization: `Bearer ${example![1]}` } });
    expect(response.status).toBe(200);
    expect(example![2]!.startsWith(url)).toBe(true);
    const withQuery = started.output.stdout.match(/\S*https?:\/\/\S*\?\S*/g) ?? [];
    expect(withQuery.length, started.output.stdout).toBeGreaterThanOrEqual(4);
    for (const word of withQuery) expect(word, started.output.stdout).toMatch(/^'https?:\/\/[^']*'$/);
    expect(started.output.stdout).not.toContain('faults');
    process.kill(started.child.pid!, 'SIGTERM');
    expect((await within(started.exited, 5_000, 'stopping on SIGTERM')).code).toBe(0);
  }, 40_000);

  it('--fault-rate 0.25 --retry-after 3 --latency 5-20 → the banner says the faults are on', async () => {
    const started = start(['--port', '0', '--fault-rate', '0.25', '--retry-after', '3', '--latency', '5-20']);
    await listeningUrl(started);
    await printed(started, /every token:.*\n/);
    expect(started.output.stdout).toContain('  faults on: 503 database-busy to 25 % of /v1 requests (Retry-After: 3); each /v1 answer delayed by 5-20 ms');
    process.kill(started.child.pid!, 'SIGTERM');
    expect((await within(started.exited, 5_000, 'stopping on SIGTERM')).code).toBe(0);
  }, 40_000);

  it('a world that passed is remembered: the second start says its checks were skipped; --check-every-start checks again', async () => {
    const verdicts = mkdtempSync(join(tmpdir(), 'kindgi-cli-verdicts-'));
    try {
      const world = (started: Started) => /  world: .*/.exec(started.output.stdout)?.[0];
      for (const [args, expected] of [
        [[], '  world: passed every check'],
        [[], /these exact files passed every check before, so they were not checked again/],
        [['--check-every-start'], '  world: passed every check'],
      ] as const) {
        const started = start(['--port', '0', ...args], { KINDGI_MOCK_CHECKED_WORLDS: verdicts });
        await listeningUrl(started);
        await printed(started, /  world: .*\n/);
        if (typeof expected === 'string') expect(world(started)).toBe(expected);
        else expect(world(started)).toMatch(expected);
        process.kill(started.child.pid!, 'SIGTERM');
        expect((await within(started.exited, 5_000, 'stopping on SIGTERM')).code).toBe(0);
      }
      // One verdict and the spec's compiled validators; and what reading the runs, corrections and
      // suggested changes files found, unless they were written in the last seconds (a fresh clone's may be).
      const kinds = readdirSync(verdicts).map((name) => /^(spec|read)-/.exec(name)?.[1] ?? (/^[0-9a-f]{64}$/.test(name) ? 'verdict' : name)).sort();
      expect(kinds.filter((kind) => kind !== 'read')).toEqual(['spec', 'verdict']);
      expect([0, 3]).toContain(kinds.filter((kind) => kind === 'read').length);
    } finally {
      rmSync(verdicts, { recursive: true, force: true });
    }
  }, 60_000);

  it('--scenarios FILE.mjs → the banner names its scenarios, GET /__mock/scenarios lists them after the built-in ones, and one applies through POST', async () => {
    const file = scenariosFile('good.mjs', `import { defineScenario } from ${JSON.stringify(pathToFileURL(join(ROOT, 'src/scenarios/index.ts')).href)};
export const closedPair = defineScenario({
  name: 'closed-pair',
  description: 'Two corrections closed, not to be fixed.',
  params: { type: 'object', properties: { note: { type: 'string', default: 'not now' } } },
  build(b, params) {
    const project = b.project();
    const caller = b.principal(project.id);
    for (const _ of [1, 2]) {
      const made = b.correct(caller, { projectId: project.id, answer: 'wrong', shouldSay: 'x', why: 'y' });
      b.changeCorrection(caller, made.id, { status: 'wont-fix', note: params.note });
    }
  },
});
export const alsoMine = { ...closedPair, name: 'also-mine' };
`);
    const started = start(['--port', '0', '--scenarios', file]);
    const url = await listeningUrl(started);
    await printed(started, /every token:.*\n/);
    // Named exports come in their names' order: a module namespace keeps no other.
    expect(started.output.stdout).toContain(`  your scenarios (${file}): also-mine, closed-pair`);
    const listed = (await (await fetch(`${url}/__mock/scenarios`)).json()) as { data: Array<{ name: string }> };
    expect(listed.data.map((s) => s.name).slice(-2)).toEqual(['also-mine', 'closed-pair']);
    expect(listed.data.map((s) => s.name)).toContain('pin-then-reopened');
    const applied = await fetch(`${url}/__mock/scenarios/closed-pair`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ note: 'from the CLI' }) });
    const body = (await applied.json()) as { created: { corrections: string[] } };
    expect(applied.status, JSON.stringify(body)).toBe(201);
    const admin = /Bearer (kgm_admin_\S+)'/.exec(started.output.stdout)![1]!;
    const read = await fetch(`${url}/v1/corrections/${body.created.corrections[0]}`, { headers: { Authorization: `Bearer ${admin}` } });
    expect(((await read.json()) as { statusNote: { text: string } }).statusNote.text).toBe('from the CLI');
    process.kill(started.child.pid!, 'SIGTERM');
    expect((await within(started.exited, 5_000, 'stopping on SIGTERM')).code).toBe(0);
  }, 40_000);

  it('--scenarios FILE.ts runs under tsx (npm start): a default export of one scenario', async () => {
    const file = scenariosFile('mine.ts', `import { defineScenario } from ${JSON.stringify(pathToFileURL(join(ROOT, 'src/scenarios/index.ts')).href)};
export default defineScenario<'typed-one', { count: number }>({
  name: 'typed-one',
  description: 'One correction.',
  params: { type: 'object', properties: { count: { type: 'integer', minimum: 1, default: 1 } } },
  build(b) {
    const project = b.project();
    b.correct(b.principal(project.id), { projectId: project.id, answer: 'wrong', shouldSay: 'x', why: 'y' });
  },
});
`);
    const started = start(['--port', '0', '--scenarios', file]);
    const url = await listeningUrl(started);
    await printed(started, /every token:.*\n/);
    expect(started.output.stdout).toContain(`  your scenarios (${file}): typed-one`);
    expect((await fetch(`${url}/__mock/scenarios/typed-one`, { method: 'POST' })).status).toBe(201);
    process.kill(started.child.pid!, 'SIGTERM');
    expect((await within(started.exited, 5_000, 'stopping on SIGTERM')).code).toBe(0);
  }, 40_000);

  it('--scenarios with a bad file → exits 1 naming the file and the problem, before it listens', async () => {
    const cases: Array<[string, string, string | RegExp]> = [
      ['no-build.mjs', "export default [{ name: 'half-done', description: 'x', params: { type: 'object' } }];", 'default export[0] ("half-done") has no build function'],
      ['clash.mjs', "export default { name: 'correction', description: 'x', params: { type: 'object' }, build() {} };", 'scenario "correction" has the name of a built-in scenario'],
      ['twice.mjs', "const one = (name) => ({ name, description: 'x', params: { type: 'object' }, build() {} });\nexport const a = one('same');\nexport const b = one('same');", 'scenario "same" is exported twice'],
      ['bad-schema.mjs', "export default { name: 'odd', description: 'x', params: { type: 'object', properties: { n: { type: 'nonsense' } } }, build() {} };", /\("odd"\) has params the engine cannot use: .*does not compile/],
      ['nothing.mjs', 'export {};', 'exports no scenario'],
      ['throws.mjs', "throw new Error('broken on load');", 'could not be loaded: broken on load'],
      ['scenarios.json', '[]', 'takes a JavaScript module (.js, .mjs, .cjs), or TypeScript (.ts, .mts, .cts) when run under tsx; ".json" is neither'],
    ];
    for (const [name, text, expected] of cases) {
      const file = scenariosFile(name, text);
      const started = start(['--port', '0', '--scenarios', file]);
      const { code } = await within(started.exited, 20_000, `refusing ${name}`);
      expect(code, started.output.stderr).toBe(1);
      expect(started.output.stderr.startsWith(`kindgi-mock: --scenarios ${file}: `), started.output.stderr).toBe(true);
      if (typeof expected === 'string') expect(started.output.stderr).toContain(expected);
      else expect(started.output.stderr).toMatch(expected);
      expect(started.output.stdout).not.toMatch(LISTENING);
    }
    const missing = start(['--port', '0', '--scenarios', join(SCENARIOS_DIR, 'absent.mjs')]);
    expect((await within(missing.exited, 20_000, 'refusing a missing file')).code).toBe(1);
    expect(missing.output.stderr).toContain('absent.mjs: no such file');
  }, 120_000);

  it('--port abc → exits 1 with a message naming the value, the valid range and the usage text', async () => {
    const started = start(['--port', 'abc']);
    const { code } = await within(started.exited, 20_000, 'refusing --port abc');
    expect(code).toBe(1);
    expect(started.output.stderr).toContain('kindgi-mock: --port takes a port from 0 to 65535 (0: any free port), not "abc"');
    expect(started.output.stderr).toMatch(/usage/i);
    expect(started.output.stdout).not.toMatch(LISTENING);
  }, 30_000);

  it('--port 70000 → exits 1 with a message and the usage text', async () => {
    const started = start(['--port', '70000']);
    const { code } = await within(started.exited, 20_000, 'refusing --port 70000');
    expect(code).toBe(1);
    expect(started.output.stderr).toContain('70000');
    expect(started.output.stderr).toMatch(/usage/i);
  }, 30_000);

  it('--fixtures /nonexistent → exits 1 naming the folder', async () => {
    const started = start(['--port', '0', '--fixtures', '/nonexistent']);
    const { code } = await within(started.exited, 20_000, 'refusing --fixtures /nonexistent');
    expect(code).toBe(1);
    expect(started.output.stderr).toContain('/nonexistent');
    expect(started.output.stdout).not.toMatch(LISTENING);
  }, 30_000);

  it('--seed 2147483648 → exits 1 naming the range a session\'s seed has too (0 to 2147483647)', async () => {
    const started = start(['--port', '0', '--seed', '2147483648']);
    const { code } = await within(started.exited, 20_000, 'refusing --seed 2147483648');
    expect(code).toBe(1);
    expect(started.output.stderr).toContain(`--seed takes a whole number from 0 to ${MAX_SEED}, not "2147483648"`);
    expect(started.output.stdout).not.toMatch(LISTENING);
  }, 30_000);

  it('--fixtures FILE → exits 1 saying it is not a folder', async () => {
    const started = start(['--port', '0', '--fixtures', 'package.json']);
    const { code } = await within(started.exited, 20_000, 'refusing --fixtures package.json');
    expect(code).toBe(1);
    expect(started.output.stderr).toMatch(/package\.json: \[fixtures-folder\] is not a folder/);
    expect(started.output.stdout).not.toMatch(LISTENING);
  }, 30_000);

  it('--no-such-flag → exits 1 with a message and the usage text', async () => {
    const started = start(['--no-such-flag']);
    const { code } = await within(started.exited, 20_000, 'refusing --no-such-flag');
    expect(code).toBe(1);
    expect(started.output.stderr).toContain('no-such-flag');
    expect(started.output.stderr).toMatch(/usage/i);
  }, 30_000);

  it('--help → exits 0 with the usage text on stdout', async () => {
    const started = start(['--help']);
    const { code } = await within(started.exited, 20_000, '--help');
    expect(code).toBe(0);
    expect(started.output.stdout).toMatch(/usage/i);
    for (const flag of ['--port', '--fixtures', '--help']) expect(started.output.stdout).toContain(flag);
    expect(started.output.stdout).not.toMatch(LISTENING);
  }, 30_000);
});
