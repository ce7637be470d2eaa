// `npm start` / `kindgi-mock`: reads flags and environment, starts the mock, stops on a signal.
import { parseArgs } from 'node:util';
import { DEFAULT_CHECKED_WORLDS_DIR } from './fixtures/checked-worlds.ts';
import { createMock, type FaultSettings } from './index.ts';
import { restoredStateLine, restoreProgressLine } from './cli-state-lines.ts';
import { redacted } from './replica/replica.ts';
import { parseClockFlag, type ClockSetting } from './worlds/mock-clock.ts';
import { loadScenariosFile } from './scenarios-file.ts';
import { BUILT_IN_SCENARIOS } from './scenarios/catalogue/index.ts';
import { curlUrl, openableUrls } from './openable-urls.ts';
import { isSeed, MAX_SEED } from './seeded-random.ts';

const USAGE = `usage: kindgi-mock [options]            (in this repo: npm start -- [options])
       kindgi-mock contracts --base-url URL [options]   check a deployment against the contract
                                          (kindgi-mock contracts --help lists its options)
  --port N                 port (env PORT; default 4010)
  --host H                 address to listen on (env HOST; default 127.0.0.1)
  --public-url URL         the URL people reach the mock at, when not this machine's name (env
                           KINDGI_MOCK_PUBLIC_URL): /__mock answers requests addressed to its host
  --admin-token SECRET     open /__mock to callers not on this machine that send
                           X-Mock-Admin-Token: SECRET, 16 characters or more (env
                           KINDGI_MOCK_ADMIN_TOKEN); without it they get 403 mock-admin-only
  --fixtures DIR           serve the world in DIR instead of the embedded fixtures
  --seed N                 serve a world generated from seed N (with --corrections N)
  --corrections N          size of a generated world (0: its projects, principals, agents and runs, no correction)
  --scenarios FILE         your own scenarios (defineScenario from kindgi-mock/scenarios): a .js
                           or .mjs module (.ts under tsx, as npm start runs) exporting them, by
                           default or by name; GET /__mock/scenarios lists them with the built-in ones
  --state FILE             keep every write in FILE and restore it on the next start (one
                           server per FILE: FILE.lock names the one that holds it)
  --store URL              share every world with the other replicas on this PostgreSQL store
                           (postgres://user:password@host:5432/db; env KINDGI_MOCK_STORE):
                           each serves every world, sessions included (not with --state)
  --replica-id NAME        this replica's name in the journal and the store's log
                           (default host:pid)
  --check-every-start      check the fixtures, and read every file, even when these exact files
                           passed before (a world that passed is remembered in env
                           KINDGI_MOCK_CHECKED_WORLDS, default
                           ${DEFAULT_CHECKED_WORLDS_DIR})
  --check-ms N             how long a suggested change's check runs (default 1500)
  --journal N              how many answered requests /__mock/requests keeps (default 1000; 0: none)
  --approval-ms N          how long a pin waits for a second person before its approval
                           expires by itself (default: until it is decided)
  --cursor-secret S        seal cursors with S, so several instances accept each other's
                           (default: derived from the seed with --seed or --deterministic,
                           else random per start)
  --deterministic          new ids from the world's seed (42 for the embedded world), and
                           cursors sealed from it: the same requests answer the same bytes
                           (on with --seed)
  --clock T[,frozen]       start the clock at date-time T (e.g. 2026-11-30T12:00:00Z), running
                           on from there, or standing still with ,frozen (/__mock/clock moves it)
  --dates world|now        world (default): the world's own dates; now: every date moved by one
                           offset, so the newest record is as old at start as when the world was
                           made (not with --state)
  --on-invalid-response M  error (default): an off-spec response becomes 500; warn: send it and log
  --fault-rate R           answer 503 database-busy to this share (0..1) of /v1 requests
  --retry-after S          Retry-After of those 503s, in seconds (default 1)
  --latency MIN-MAX        delay each /v1 answer by MIN..MAX milliseconds
  --help                   this text`;

class UsageError extends Error {}

const clockLine = ({ now, frozen }: ClockSetting) => `${new Date(now).toISOString()}${frozen ? ', frozen' : ', running'}`;

/** The banner's line for the faults the mock starts with (else a person wonders why answers fail or lag); none when none is on. */
function faultsLines({ databaseBusy, latencyMs }: FaultSettings): string[] {
  const on = [
    ...(databaseBusy && databaseBusy.rate > 0 ? [`503 database-busy to ${+(databaseBusy.rate * 100).toFixed(2)} % of /v1 requests (Retry-After: ${databaseBusy.retryAfter})`] : []),
    ...(latencyMs && latencyMs.max > 0 ? [`each /v1 answer delayed by ${latencyMs.min === latencyMs.max ? latencyMs.min : `${latencyMs.min}-${latencyMs.max}`} ms`] : []),
  ];
  return on.length > 0 ? [`  faults on: ${on.join('; ')}   # POST or DELETE /__mock/faults changes them`] : [];
}

/** `text` as a number that passes `check`; else a UsageError naming `flag` and what it takes (`valid`). */
function number(flag: string, text: string | undefined, check: (n: number) => boolean, valid: string): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || !check(value)) throw new UsageError(`${flag} takes ${valid}, not "${text}"`);
  return value;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' }, host: { type: 'string' }, 'public-url': { type: 'string' }, 'admin-token': { type: 'string' }, fixtures: { type: 'string' }, seed: { type: 'string' },
      corrections: { type: 'string' }, state: { type: 'string' }, 'check-ms': { type: 'string' }, 'approval-ms': { type: 'string' }, journal: { type: 'string' }, 'cursor-secret': { type: 'string' }, 'on-invalid-response': { type: 'string' },
      'fault-rate': { type: 'string' }, 'retry-after': { type: 'string' }, latency: { type: 'string' }, help: { type: 'boolean' },
      'check-every-start': { type: 'boolean' }, deterministic: { type: 'boolean' }, clock: { type: 'string' }, dates: { type: 'string' },
      scenarios: { type: 'string' }, store: { type: 'string' }, 'replica-id': { type: 'string' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const whole = (n: number) => Number.isInteger(n) && n >= 0;
  // An empty PORT or HOST in the environment counts as unset, never as "every interface".
  const port = number(values.port !== undefined ? '--port' : 'PORT', values.port ?? (process.env.PORT || undefined), (n) => whole(n) && n <= 65_535, 'a port from 0 to 65535 (0: any free port)') ?? 4010;
  const host = values.host ?? (process.env.HOST || '127.0.0.1');
  const publicUrl = values['public-url'] ?? (process.env.KINDGI_MOCK_PUBLIC_URL || undefined);
  const adminToken = values['admin-token'] ?? (process.env.KINDGI_MOCK_ADMIN_TOKEN || undefined);
  if (adminToken !== undefined && adminToken.length < 16) throw new UsageError('--admin-token (KINDGI_MOCK_ADMIN_TOKEN) takes a secret of 16 characters or more');
  const mode = values['on-invalid-response'] ?? 'error';
  if (mode !== 'error' && mode !== 'warn') throw new UsageError('--on-invalid-response takes error or warn');
  const faults: FaultSettings = {};
  const rate = number('--fault-rate', values['fault-rate'], (n) => n >= 0 && n <= 1, 'a share from 0 to 1, e.g. 0.1');
  if (rate !== undefined) faults.databaseBusy = { rate, retryAfter: number('--retry-after', values['retry-after'], whole, 'whole seconds, 0 or more') ?? 1 };
  if (values.latency !== undefined) {
    const match = /^(\d+)(?:-(\d+))?$/.exec(values.latency);
    if (!match || Number(match[2] ?? match[1]) < Number(match[1])) throw new UsageError('--latency takes MS or MIN-MAX, e.g. 0-300');
    faults.latencyMs = { min: Number(match[1]), max: Number(match[2] ?? match[1]) };
  }
  const seed = number('--seed', values.seed, isSeed, `a whole number from 0 to ${MAX_SEED}`);
  const corrections = number('--corrections', values.corrections, (n) => whole(n) && n >= 0, 'a whole number, 0 or more (0: no correction and no suggested change)');
  const checkMs = number('--check-ms', values['check-ms'], whole, 'whole milliseconds, 0 or more');
  const approvalMs = number('--approval-ms', values['approval-ms'], (n) => whole(n) && n >= 1, 'whole milliseconds, 1 or more');
  const journalSize = number('--journal', values.journal, (n) => whole(n) && n <= 100_000, 'a whole number from 0 to 100000');
  const dates = values.dates;
  if (dates !== undefined && dates !== 'world' && dates !== 'now') throw new UsageError('--dates takes world or now');
  let clock: ClockSetting | undefined;
  try {
    clock = values.clock === undefined ? undefined : parseClockFlag(values.clock);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }

  const store = values.store ?? (process.env.KINDGI_MOCK_STORE || undefined);
  const started = Date.now();
  // Loaded before the mock is built, so that a bad file stops the start with its own message.
  const scenarios = values.scenarios === undefined ? undefined : await loadScenariosFile(values.scenarios, BUILT_IN_SCENARIOS.map((scenario) => scenario.name));
  const mock = createMock({
    ...(scenarios !== undefined ? { scenarios } : {}),
    ...(values.fixtures !== undefined ? { fixturesDir: values.fixtures } : {}),
    ...(seed !== undefined ? { seed } : {}),
    ...(corrections !== undefined ? { corrections } : {}),
    ...(values['cursor-secret'] !== undefined ? { cursorSecret: values['cursor-secret'] } : {}),
    ...(values.state !== undefined ? { stateFile: values.state, onStateProgress: (progress) => process.stderr.write(`${restoreProgressLine(values.state!, progress)}\n`) } : {}),
    ...(publicUrl !== undefined ? { publicUrl } : {}),
    ...(adminToken !== undefined ? { adminToken } : {}),
    ...(checkMs !== undefined ? { checkMs } : {}),
    ...(approvalMs !== undefined ? { approvalMs } : {}),
    ...(journalSize !== undefined ? { journalSize } : {}),
    ...(values['check-every-start'] ? { recheckWorld: true } : {}),
    ...(values.deterministic ? { deterministic: true } : {}),
    ...(clock !== undefined ? { clock } : {}),
    ...(dates !== undefined ? { dates } : {}),
    ...(store !== undefined ? { store } : {}),
    ...(values['replica-id'] !== undefined ? { replicaId: values['replica-id'] } : {}),
    onInvalidResponse: mode,
    faults,
  });
  void mock.listen(port, host).then((running) => {
    const principals = mock.store.principals();
    const example = (name: string) => principals.find((p) => p.token.startsWith(`kgm_${name}_`));
    const openable = openableUrls(running.url, running.port, publicUrl);
    const lines = [
      `kindgi-mock listening on ${running.url} (ready in ${Date.now() - started} ms)`,
      ...openable.map((url) => `  open: ${url}`),
      `  inspector: ${(openable[0] ?? running.url).replace(/\/$/, '')}/__mock/   # the world, its tokens and its journal, in a browser`,
      `  ${Object.entries(mock.store.counts().corrections).map(([s, n]) => `${n} ${s}`).join(', ') || 'no'} corrections`,
      mock.worldChecks === 'remembered'
        ? '  world: these exact files passed every check before, so they were not checked again (--check-every-start checks them)'
        : '  world: passed every check',
      ...(publicUrl !== undefined ? [`  served as ${publicUrl}: /__mock answers requests addressed to it too`] : []),
      adminToken !== undefined
        ? '  /__mock: this machine, and callers elsewhere that send X-Mock-Admin-Token (the --admin-token secret)'
        : '  /__mock: this machine only (--admin-token SECRET opens it to others who send it)',
      ...(mock.state ? [restoredStateLine(mock.state.file, mock.state.restored)] : []),
      ...(mock.context.replica ? [`  store: replica ${mock.context.replica.id} of the deployment on ${redacted(store!)}, at log position ${mock.context.replica.position()}`] : []),
      ...mock.stateNotices.map((notice) => `  state: ${notice.message}`),
      ...(clock !== undefined || dates === 'now' ? [`  clock: ${clockLine(mock.clock.read())}${dates === 'now' ? '; the world\'s dates moved to now' : ''}`] : []),
      ...(scenarios !== undefined ? [`  your scenarios (${values.scenarios}): ${scenarios.map((s) => s.name).join(', ')}   # GET /__mock/scenarios lists every one`] : []),
      ...(values.deterministic || seed !== undefined ? [`  deterministic: ids and cursors from seed ${seed ?? 42}`] : []),
      ...faultsLines(faults),
      // curl's URLs name a host this machine reaches (never 0.0.0.0), quoted when a shell would expand them.
      `  sessions: curl -X POST ${curlUrl(running.url, '/__mock/sessions')}   # an isolated world for one test, ${store !== undefined ? 'open on every replica' : 'in memory only'}`,
      '  try:',
      ...['admin', 'member', 'other_tenant'].flatMap((name) => {
        const principal = example(name);
        return principal ? [`    curl -H 'Authorization: Bearer ${principal.token}' ${curlUrl(running.url, '/v1/corrections?limit=2')}   # ${principal.purpose}`] : [];
      }),
      `  every token: curl ${curlUrl(running.url, '/__mock/principals')}`,
      ...(mock.journal.capacity > 0 ? [`  what was asked and answered: curl ${curlUrl(running.url, '/__mock/requests?limit=10')}`] : []),
    ];
    // Handlers first: a supervisor may send SIGTERM as soon as it reads the banner.
    const stop = (signal: string) => {
      process.stdout.write(`kindgi-mock: ${signal}, stopping\n`);
      void running.close().then(() => process.exit(0));
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.stdout.write(`${lines.join('\n')}\n`);
  }, (error: Error) => {
    process.stderr.write(store !== undefined && !(error as { code?: string }).code ? `kindgi-mock: ${error.message}\n` : `kindgi-mock: cannot listen on ${host}:${port}: ${error.message}\n`);
    mock.close();
    process.exit(1);
  });
}

main().catch((error: unknown) => {
  const usage = error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
  process.stderr.write(`kindgi-mock: ${(error as Error).message}\n${usage ? `${USAGE}\n` : ''}`);
  process.exit(1);
});
