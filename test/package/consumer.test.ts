// kindgi-mock as a frontend repo installs it (issue 12): `npm pack`, the tarball installed into a
// scratch app, then used from plain Node, strict TypeScript, the bin, and a Vitest globalSetup.
// The app installs from the registry (as CI's own install does); the npm cache keeps it quick.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { argsOf, envOf, execForm, parseDockerfile } from '../support/dockerfile.ts';
import { freePort } from '../support/free-port.ts';
import { packedPackage } from '../docs/packed-package.ts';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const APP_VERSIONS = { 'openapi-fetch': '0.17.0', typescript: '5.9.3', vitest: '4.1.12', '@types/node': '20.19.43', msw: '2.15.0' };

let work: string;
let app: string;
let tarball: string;
let packed: readonly string[];

/** This process's environment without the variables this Vitest run sets for itself. */
function appEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST') && name !== 'NODE_OPTIONS' && name !== 'TEST'));
}

/** Runs a command in the app, failing the test with its output when it exits non-zero. */
async function inApp(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<string> {
  try {
    const { stdout } = await run(command, args, { cwd: app, env: { ...appEnv(), ...env }, maxBuffer: 16 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${failed.stdout ?? ''}\n${failed.stderr ?? failed.message}`);
  }
}

const file = (path: string, text: string) => {
  mkdirSync(join(app, path, '..'), { recursive: true });
  writeFileSync(join(app, path), text);
};

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'kindgi-consumer-'));
  app = join(work, 'app');
  mkdirSync(app);
  // Packed once per run, shared with test/docs/examples.test.ts: packing rebuilds dist/, which two packs at once would tear.
  ({ tarball, files: packed } = await packedPackage());
  file('package.json', `${JSON.stringify({ name: 'scratch-app', private: true, type: 'module' }, null, 2)}\n`);
  await inApp('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '-D', tarball,
    ...Object.entries(APP_VERSIONS).map(([name, version]) => `${name}@${version}`)]);
}, 240_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the packed tarball', () => {
  it('ships dist/, spec/, fixtures/, inspector/, README.md, LICENSE and package.json, nothing else', () => {
    const tops = [...new Set(packed.map((path) => path.split('/')[0]))].sort();
    expect(tops).toEqual(['LICENSE', 'README.md', 'dist', 'fixtures', 'inspector', 'package.json', 'spec']);
    expect(packed).toContain('inspector/index.html');
    expect(packed).toContain('dist/src/index.js');
    expect(packed).toContain('dist/src/index.d.ts');
    expect(packed).toContain('dist/src/bin.js');
    // kindgi-mock/scenarios (issue 32): defineScenario, openSession and the built-in scenarios' types.
    for (const path of ['dist/src/scenarios/index.js', 'dist/src/scenarios/index.d.ts', 'dist/src/open-session.js']) expect(packed).toContain(path);
    expect(packed.some((path) => /(^|\/)(test|bench|\.ci)\//.test(path) || path.endsWith('.test.js'))).toBe(false);
  });

  it('installs with no tsx: the runtime runs on plain node', () => {
    const manifest = JSON.parse(readFileSync(join(app, 'node_modules/kindgi-mock/package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(Object.keys(manifest.dependencies)).not.toContain('tsx');
  });
});

describe('used from the app', () => {
  it('a plain Node ESM script imports createMock, listens on port 0 and lists corrections through openapi-fetch', async () => {
    file('list.mjs', `import { createMock } from 'kindgi-mock';
import createClient from 'openapi-fetch';
const mock = createMock();
const running = await mock.listen(0);
const admin = mock.store.principals().find((p) => p.token.startsWith('kgm_admin_'));
const client = createClient({ baseUrl: running.url, headers: { Authorization: 'Bearer ' + admin.token } });
const { data, error, response } = await client.GET('/v1/corrections', { params: { query: { limit: 3 } } });
const second = createMock();
console.log(JSON.stringify({ status: response.status, count: data?.data.length, hasMore: data?.hasMore, error, second: second.worldChecks }));
second.close();
await running.close();
`);
    const printed = JSON.parse((await inApp('node', ['list.mjs'])).trim()) as Record<string, unknown>;
    // The second mock of the process shares the world the first checked.
    expect(printed).toEqual({ status: 200, count: 3, hasMore: true, second: 'remembered' });
  }, 60_000);

  it('tsc --noEmit passes over a file that uses every export, with a strict tsconfig (nodenext, skipLibCheck: false)', async () => {
    file('tsconfig.json', `${JSON.stringify({
      compilerOptions: {
        strict: true, exactOptionalPropertyTypes: true, noUncheckedIndexedAccess: true, noPropertyAccessFromIndexSignature: true,
        module: 'nodenext', moduleResolution: 'nodenext', skipLibCheck: false, noEmit: true, target: 'es2022', types: ['node'],
      },
      include: ['typed.ts'],
    }, null, 2)}\n`);
    file('typed.ts', TYPED_APP);
    await inApp('npx', ['tsc', '-p', 'tsconfig.json']);
    // The same file with one wrong use must fail: the check can fail.
    file('typed.ts', `${TYPED_APP}\nconst wrong: CorrectionCreate = { runId: 1 };\n`);
    await expect(inApp('npx', ['tsc', '-p', 'tsconfig.json'])).rejects.toThrow(/typed\.ts\(\d+,\d+\): error TS2322/);
  }, 90_000);

  it('npx kindgi-mock --port N answers /health, and --help names kindgi-mock [options] and contracts', async () => {
    const help = await inApp('npx', ['kindgi-mock', '--help']);
    expect(help).toContain('kindgi-mock [options]');
    expect(help).toContain('kindgi-mock contracts');
    const port = await freePort();
    // Its own process group: npx runs the bin as a child of its own, which a signal to npx alone leaves running.
    const child = spawn('npx', ['kindgi-mock', '--port', String(port)], { cwd: app, env: appEnv(), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      await bannerOf(child);
      const health = await fetch(`http://127.0.0.1:${port}/health`);
      expect(await health.json()).toEqual({ ok: true });
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    }
  }, 60_000);

  it("a Vitest run in the app: a globalSetup starts the mock, a test reads it, and two files in parallel each get a session (the README's recipe) and see only their own writes", async () => {
    file('vitest.config.mjs', `import { defineConfig } from 'vitest/config';
export default defineConfig({ test: { globalSetup: ['./global-setup.mjs'], include: ['*.test.mjs'] } });
`);
    for (const name of ['session-a', 'session-b']) {
      file(`${name}.test.mjs`, `import { afterAll, beforeAll, expect, inject, it } from 'vitest';
const url = inject('mockUrl');
let session;
let token;
beforeAll(async () => {
  const answer = await fetch(url + '/__mock/sessions', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: '${name}' }) });
  session = await answer.json();
  token = session.principals.find((p) => p.id === 'usr_ada_admin').token;
});
afterAll(async () => { await fetch(url + '/__mock/sessions/' + session.id, { method: 'DELETE' }); });
const call = (path, who, init = {}) => fetch(url + path, { ...init, headers: { Authorization: 'Bearer ' + who, 'Content-Type': 'application/json' } }).then((r) => r.json());
it('sees its own write; the base world does not', async () => {
  const [open] = (await call('/v1/corrections?status=open&limit=1', token)).data;
  const changed = await call('/v1/corrections/' + open.id, token, { method: 'PATCH', body: JSON.stringify({ status: 'wont-fix', note: '${name}' }) });
  expect(changed.statusNote.text).toBe('${name}');
  await new Promise((done) => setTimeout(done, 300));
  expect((await call('/v1/corrections/' + open.id, token)).statusNote.text).toBe('${name}');
  expect((await call('/v1/corrections/' + open.id, inject('token'))).status).toBe('open');
});
`);
    }
    file('global-setup.mjs', `import { createMock } from 'kindgi-mock';
export default async function setup({ provide }) {
  const mock = createMock();
  const running = await mock.listen(0);
  provide('mockUrl', running.url);
  provide('token', mock.store.principals().find((p) => p.token.startsWith('kgm_admin_')).token);
  return () => running.close();
}
`);
    file('reads.test.mjs', `import { expect, inject, it } from 'vitest';
it('reads the mock', async () => {
  const answer = await fetch(inject('mockUrl') + '/v1/corrections?limit=1', { headers: { Authorization: 'Bearer ' + inject('token') } });
  expect(answer.status).toBe(200);
  expect((await answer.json()).data).toHaveLength(1);
});
`);
    const output = await inApp('npx', ['vitest', 'run', '--config', 'vitest.config.mjs'], { CI: 'true' });
    expect(output).toMatch(/3 passed/);
  }, 90_000);
});

describe('scenarios in the app (kindgi-mock/scenarios)', () => {
  it('a strict TypeScript file defines a scenario, passes it to createMock, and opens a session with openSession: it type-checks (a wrong parameter does not), compiles and runs', async () => {
    file('tsconfig.scenarios.json', `${JSON.stringify({
      compilerOptions: {
        strict: true, exactOptionalPropertyTypes: true, noUncheckedIndexedAccess: true, noPropertyAccessFromIndexSignature: true,
        module: 'nodenext', moduleResolution: 'nodenext', skipLibCheck: false, target: 'es2022', types: ['node'], outDir: 'scenarios-out',
      },
      include: ['scenarios-app.ts'],
    }, null, 2)}\n`);
    file('scenarios-app.ts', SCENARIOS_APP);
    await inApp('npx', ['tsc', '-p', 'tsconfig.scenarios.json']);
    const printed = JSON.parse((await inApp('node', ['scenarios-out/scenarios-app.js'])).trim()) as Record<string, unknown>;
    expect(printed).toEqual({
      listed: true, mine: ['wont-fix', 'wont-fix'], emptyProjects: 1, fixed: ['fixed', 'pin'], baseSees: 404, afterEnd: 401, refused: 'not-found',
    });
    file('scenarios-app.ts', `${SCENARIOS_APP}\nawait mock.scenarios.apply('superseded', { depth: 'deep' });\n`);
    await expect(inApp('npx', ['tsc', '-p', 'tsconfig.scenarios.json', '--noEmit'])).rejects.toThrow(/scenarios-app\.ts\(\d+,\d+\): error TS2322/);
  }, 120_000);

  it('npx kindgi-mock --scenarios FILE.mjs (importing kindgi-mock/scenarios) lists and applies it; a .ts file on plain node → exit 1 saying how to load it', async () => {
    file('my-scenarios.mjs', `import { defineScenario } from 'kindgi-mock/scenarios';
export default [defineScenario({
  name: 'one-open',
  description: 'One open correction.',
  params: { type: 'object', properties: {} },
  build(b) {
    const project = b.project();
    b.correct(b.principal(project.id), { projectId: project.id, answer: 'wrong', shouldSay: 'x', why: 'y' });
  },
})];
`);
    const port = await freePort();
    const child = spawn('npx', ['kindgi-mock', '--port', String(port), '--scenarios', 'my-scenarios.mjs'], { cwd: app, env: appEnv(), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      expect(await bannerOf(child)).toContain('your scenarios (my-scenarios.mjs): one-open');
      const applied = await fetch(`http://127.0.0.1:${port}/__mock/scenarios/one-open`, { method: 'POST' });
      expect(applied.status).toBe(201);
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    }
    file('my-scenarios.ts', 'export default [];\n');
    await expect(inApp('npx', ['kindgi-mock', '--port', '0', '--scenarios', 'my-scenarios.ts'])).rejects.toThrow(/--scenarios my-scenarios\.ts: is TypeScript, which this node does not load by itself/);
  }, 90_000);
});

describe('in the app\'s unit tests, with MSW and no port', () => {
  it("a Vitest test: setupServer(...(await createHandlers({ baseUrl })).handlers) lists, writes and reads back, refuses a missing token, and reset() undoes the write (the README's recipe)", async () => {
    file('msw.config.mjs', `import { defineConfig } from 'vitest/config';
export default defineConfig({ test: { include: ['msw-*.test.mjs'] } });
`);
    file('msw-unit.test.mjs', `import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createHandlers } from 'kindgi-mock/msw';
import world from 'kindgi-mock/world';

const baseUrl = 'https://api.kindgi.test';
const mock = await createHandlers({ baseUrl });
const server = setupServer(...mock.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mock.reset());
afterAll(() => server.close());
const admin = mock.principals.find((p) => p.token.startsWith('kgm_admin_')).token;
const call = (path, init = {}) => fetch(baseUrl + path, { ...init, headers: { Authorization: 'Bearer ' + admin, 'Content-Type': 'application/json', ...init.headers } });

it('lists, changes and reads back', async () => {
  const page = await (await call('/v1/corrections?status=open&limit=2')).json();
  expect(page.data).toHaveLength(2);
  expect(world.corrections.some((c) => c.id === page.data[0].id)).toBe(true);
  const changed = await call('/v1/corrections/' + page.data[0].id, { method: 'PATCH', body: JSON.stringify({ status: 'wont-fix' }) });
  expect(changed.status).toBe(200);
  expect((await (await call('/v1/corrections/' + page.data[0].id)).json()).status).toBe('wont-fix');
  expect(mock.store.readCorrection(mock.store.principals().find((p) => p.token === admin), page.data[0].id).status).toBe('wont-fix');
});

it('is back as loaded after reset, and answers 401 without a token', async () => {
  const page = await (await call('/v1/corrections?status=wont-fix&limit=100')).json();
  expect(page.data.every((c) => world.corrections.find((w) => w.id === c.id).status === 'wont-fix')).toBe(true);
  const refused = await fetch(baseUrl + '/v1/corrections');
  expect(refused.status).toBe(401);
  expect((await refused.json()).error.code).toBe('auth-missing');
});
`);
    const output = await inApp('npx', ['vitest', 'run', '--config', 'msw.config.mjs'], { CI: 'true' });
    expect(output).toMatch(/2 passed/);
  }, 90_000);
});

/** The banner a started mock prints, once it has printed it (30 s at most, or it exited). */
function bannerOf(child: ChildProcess): Promise<string> {
  let out = '';
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no banner in 30 s:\n${out}`)), 30_000);
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      // The banner is written at once; its last line names the journal.
      if (out.includes('listening on') && out.includes('what was asked and answered')) {
        clearTimeout(timer);
        resolve(out);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited ${code}:\n${out}`));
    });
  });
}

describe("the container recipe (Dockerfile, compose.yaml): its steps, run outside a container from the packed tarball", () => {
  const stages = parseDockerfile(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'));
  const runtime = stages.at(-1)!;
  const env = envOf(runtime);
  const [volume] = JSON.parse(argsOf(runtime, 'VOLUME')[0]!) as string[];
  const command = execForm(argsOf(runtime, 'CMD')[0]!);
  const healthcheck = execForm(argsOf(runtime, 'HEALTHCHECK')[0]!);

  it('is what a demo needs: node:20-slim, the package built then packed, npm ci --omit=dev of it, the node user, HOST=0.0.0.0, EXPOSE 4010, a HEALTHCHECK on /health, no secret in the image; compose gives the secret from the environment and a state volume', () => {
    expect(stages.map((s) => s.from)).toEqual(['node:20-slim', 'node:20-slim']);
    expect(argsOf(stages[0]!, 'RUN').join('\n')).toMatch(/npm ci[\s\S]*npm run build[\s\S]*npm pack/);
    expect(argsOf(runtime, 'RUN')[0]).toMatch(/^sh \/tmp\/install-package\.sh \/tmp\/pkg\/kindgi-mock-\*\.tgz \/tmp\/pkg\/package-lock\.json \/app /);
    expect(readFileSync(join(ROOT, 'container/install-package.sh'), 'utf8')).toContain('npm ci --omit=dev --ignore-scripts');
    expect(argsOf(runtime, 'USER')).toEqual(['node']);
    expect(argsOf(runtime, 'WORKDIR')).toEqual(['/app']);
    expect(env).toMatchObject({ HOST: '0.0.0.0', PORT: '4010', KINDGI_MOCK_CHECKED_WORLDS: `${volume}/checked-worlds` });
    expect(Object.keys(env)).not.toContain('KINDGI_MOCK_ADMIN_TOKEN');
    expect(argsOf(runtime, 'EXPOSE')).toEqual(['4010']);
    expect(healthcheck.join(' ')).toContain('/health');
    expect(command).toEqual(['node', 'dist/src/bin.js', '--state', `${volume}/world.state.jsonl`]);
    const ignored = readFileSync(join(ROOT, '.dockerignore'), 'utf8').split('\n');
    for (const name of ['node_modules', 'dist', '.git']) expect(ignored).toContain(name);

    const compose = parseYaml(readFileSync(join(ROOT, 'compose.yaml'), 'utf8')) as { services: Record<string, { build: string; ports: string[]; environment: Record<string, string>; volumes: string[] }>; volumes: Record<string, unknown> };
    const service = compose.services['kindgi-mock']!;
    expect(service.build).toBe('.');
    expect(service.ports).toEqual(['4010:4010']);
    expect(service.environment.KINDGI_MOCK_ADMIN_TOKEN).toMatch(/^\$\{KINDGI_MOCK_ADMIN_TOKEN:\?/);
    const [named, mounted] = service.volumes[0]!.split(':');
    expect(mounted).toBe(volume);
    expect(Object.keys(compose.volumes)).toEqual([named]);
  });

  it("its install step and its command: the mock answers /health and the inspector, its HEALTHCHECK passes (and fails once it stops), and the state file in the volume keeps a write across a restart", async () => {
    const dest = join(work, 'container-app');
    const data = join(work, 'container-data');
    mkdirSync(data);
    await run('sh', [join(ROOT, 'container/install-package.sh'), tarball, join(ROOT, 'package-lock.json'), dest], { env: { ...appEnv(), npm_config_prefer_offline: 'true' }, maxBuffer: 16 * 1024 * 1024 });
    const installed = (name: string) => readFileSync(join(dest, 'node_modules', name, 'package.json'), 'utf8').length > 0;
    expect(installed('express')).toBe(true);
    expect(() => installed('typescript')).toThrow(/ENOENT/);

    // As the image runs it, but on loopback and a free port (tests listen on 127.0.0.1), with the volume a folder here.
    const inVolume = (vars: Record<string, string>) => Object.fromEntries(Object.entries(vars).map(([name, value]) => [name, value.replace(volume!, data)]));
    const started = async () => {
      const child = spawn(command[0]!, command.slice(1).map((arg) => arg.replace(volume!, data)), {
        cwd: dest,
        env: { ...appEnv(), ...inVolume(env), HOST: '127.0.0.1', PORT: '0', KINDGI_MOCK_ADMIN_TOKEN: 'a-demo-secret-of-some-length' },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      const banner = await bannerOf(child);
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(banner)![1]!;
      return { child, exited, banner, url, port: new URL(url).port };
    };
    const health = (port: string) => run(healthcheck[0]!, healthcheck.slice(1), { env: { ...appEnv(), PORT: port } });

    const first = await started();
    let stopped = false;
    try {
      expect(first.banner).toContain(`state: ${join(data, 'world.state.jsonl')}, 0 writes restored`);
      expect(first.banner).toContain('world: passed every check');
      expect(await (await fetch(`${first.url}/health`)).json()).toEqual({ ok: true });
      expect(await (await fetch(`${first.url}/__mock/`)).text()).toContain('kindgi-mock inspector');
      await expect(health(first.port)).resolves.toBeDefined();
      const principals = (await (await fetch(`${first.url}/__mock/principals`)).json()) as { data: Array<{ token: string; role: string }> };
      const admin = principals.data.find((p) => p.role === 'admin')!.token;
      const headers = { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json' };
      const [open] = ((await (await fetch(`${first.url}/v1/corrections?status=open&limit=1`, { headers })).json()) as { data: Array<{ id: string }> }).data;
      const changed = await fetch(`${first.url}/v1/corrections/${open!.id}`, { method: 'PATCH', headers, body: JSON.stringify({ status: 'wont-fix', note: 'kept in the volume' }) });
      expect(changed.status).toBe(200);
      first.child.kill('SIGTERM');
      await first.exited;
      stopped = true;
      await expect(health(first.port)).rejects.toThrow();

      const second = await started();
      try {
        expect(second.banner).toContain('1 write restored');
        // The world checked at the first start is remembered on the volume, as a new container would find it.
        expect(second.banner).toContain('these exact files passed every check before');
        const kept = (await (await fetch(`${second.url}/v1/corrections/${open!.id}`, { headers })).json()) as { status: string; statusNote: { text: string } };
        expect([kept.status, kept.statusNote.text]).toEqual(['wont-fix', 'kept in the volume']);
      } finally {
        second.child.kill('SIGTERM');
        await second.exited;
      }
    } finally {
      if (!stopped) {
        first.child.kill('SIGTERM');
        await first.exited;
      }
    }
  }, 180_000);
});

/** An app's TypeScript over every export of the package, typed end to end. */
const TYPED_APP = `import createClient from 'openapi-fetch';
import { createMock, SessionRefusal, type Mock, type MockOptions, type RunningMock, type Session, type World, type Principal } from 'kindgi-mock';
import { failed, run, summarize, toJunit, tokensOf, type SuiteResult } from 'kindgi-mock/contracts';
import { createHandlers, type MockHandlers } from 'kindgi-mock/msw';
import embeddedWorld from 'kindgi-mock/world';
import type {
  AddAsLatestRequest, Correction, CorrectionChange, CorrectionCreate, CorrectionPage, CorrectionWithCopies,
  ErrorCode, ErrorEnvelope, MockAdminPaths, MockAdminPrincipal, SuggestedChange, WithdrawRequest, components, operations, paths,
} from 'kindgi-mock/types';

const options: MockOptions = { checkMs: 10, faults: { latencyMs: { min: 0, max: 0 } } };
const mock: Mock = createMock(options);
const running: RunningMock = await mock.listen(0);
const principals: readonly Principal[] = mock.store.principals();
const admin = principals.find((p) => p.token.startsWith('kgm_admin_'));
if (!admin) throw new Error('no admin');
const world: World = mock.store.exportWorld();
const session: Session = mock.createSession({ name: 'typed', seed: 42 });
const sessionToken: string = session.principals[0]!.token;
const refused: boolean = (() => { try { mock.createSession({ ttlSeconds: 0 }); return false; } catch (error) { return error instanceof SessionRefusal && error.code === 'bad-input'; } })();
if (!refused || !sessionToken.startsWith(session.id)) throw new Error('sessions are not as typed');
mock.clock.set({ now: Date.parse('2027-01-01T00:00:00Z'), frozen: true });

const client = createClient<paths>({ baseUrl: running.url, headers: { Authorization: \`Bearer \${admin.token}\` } });
const page = await client.GET('/v1/corrections', { params: { query: { limit: 5, status: ['open'] } } });
const listed: CorrectionPage | undefined = page.data;
const first: Correction | undefined = listed?.data[0];

const create: CorrectionCreate = {
  runId: world.runs[0]?.id ?? 'run_x',
  decisions: 'wrong',
  why: 'called the wrong tool',
  shouldCall: [{ tool: 'lookupOrder', args: { orderId: 'A-17', quantity: 2 } }],
};
const made = await client.POST('/v1/corrections', { body: create });
const withCopies: CorrectionWithCopies | undefined = made.data;
const change: CorrectionChange = { status: 'wont-fix', note: 'typed' };
const withdraw: WithdrawRequest = { reason: 'superseded by a better change' };
const latest: AddAsLatestRequest = {};

function madeByOf(suggested: SuggestedChange): string {
  const by = suggested.madeBy;
  switch (by.kind) {
    case 'person': return by.userId ?? 'a person';
    case 'improve-run': return by.improveRunId ?? 'an Improve run';
    default: return by.kind;
  }
}

const envelope: ErrorEnvelope | undefined = made.error as ErrorEnvelope | undefined;
const code: ErrorCode | undefined = envelope?.error.code;
const known: ErrorCode = 'not-found';
const later: ErrorCode = 'a-code-a-server-adds-later';
const admin2 = createClient<MockAdminPaths>({ baseUrl: running.url });
const listedPrincipals = await admin2.GET('/__mock/principals');
const firstPrincipal: MockAdminPrincipal | undefined = listedPrincipals.data?.data[0];
console.log(firstPrincipal?.token);
type ListOperation = operations['listCorrections'];
type Schemas = components['schemas'];

const result: SuiteResult = await run({ baseUrl: running.url, maxRequests: 50 });
// The stateful walk from the packed package (fast-check is one of its dependencies), on a mock of
// its own: the first one's clock is frozen, and the walk needs one that moves.
const walked = createMock();
const walkedRunning = await walked.listen(0);
const walk: SuiteResult = await run({ baseUrl: walkedRunning.url, allowWrites: true, stateful: true, statefulRuns: 3, seed: 7 });
if (failed(walk) || walk.stateful?.seed !== 7 || walk.stateful.sequences !== 3) throw new Error('the stateful walk did not run as typed: ' + summarize(walk));
await walkedRunning.close();
console.log(failed(result), summarize(result).length, toJunit(result).length, first?.id, withCopies?.id, change, withdraw, latest, madeByOf, code, known, later);
const handlers: MockHandlers = await createHandlers({ baseUrl: 'https://api.kindgi.test', world: embeddedWorld, clock: { now: '2027-01-01T00:00:00Z' } });
console.log(handlers.handlers.length, tokensOf(handlers.principals)?.primary, handlers.createSession({ name: 'msw' }).id);
const operation: ListOperation | undefined = undefined;
const schemaNames: Array<keyof Schemas> = ['Correction'];
console.log(operation, schemaNames);
await running.close();
`;

/** An app's own scenario and a test's session, in strict TypeScript over kindgi-mock/scenarios (issue 32). */
const SCENARIOS_APP = `import { createMock } from 'kindgi-mock';
import { defineScenario, openSession, MockAdminError, type OpenedSession, type ScenarioResult } from 'kindgi-mock/scenarios';

const closedPair = defineScenario<'closed-pair', { note: string }>({
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

const mock = createMock({ scenarios: [closedPair] });
const running = await mock.listen(0);
const listed = mock.scenarios.list().some((s) => s.name === 'closed-pair');
const session: OpenedSession = await openSession(running.url, {
  corrections: 0,
  scenarios: [{ name: 'closed-pair' }, { name: 'empty-project', params: { name: 'Fresh' } }],
});
const read = async (path: string, token: string) => fetch(running.url + path, { headers: { Authorization: 'Bearer ' + token } });
const mine = await Promise.all((session.scenarios[0]?.created.corrections ?? []).map(async (id) => ((await (await read('/v1/corrections/' + id, session.tokens.admin)).json()) as { status: string }).status));
const fixed: ScenarioResult<{ status?: string }> = await session.apply('correction', { status: 'fixed', fixedHow: 'pin' });
const id = fixed.created.corrections[0] ?? '';
const correction = (await (await read('/v1/corrections/' + id, session.tokens.admin)).json()) as { status: string; fixedIn: { how: string } };
const admin = mock.store.principals().find((p) => p.token.startsWith('kgm_admin_'));
const baseSees = (await read('/v1/corrections/' + id, admin?.token ?? '')).status;
await session.end();
const afterEnd = (await read('/v1/corrections?limit=1', session.tokens.member)).status;
const refused = await session.apply('no-such-scenario').catch((error: unknown) => (error instanceof MockAdminError ? error.code : 'other'));
console.log(JSON.stringify({
  listed, mine, emptyProjects: session.scenarios[1]?.created.projects.length, fixed: [correction.status, correction.fixedIn.how], baseSees, afterEnd, refused,
}));
await running.close();
`;
