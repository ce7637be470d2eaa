// Checks createMock's options as given from JavaScript, where no compiler does: a typo or a value
// of the wrong kind is a TypeError naming it, never an option silently ignored.
import { clockRangeProblem, parseDateTime } from './worlds/mock-clock.ts';
import { isSeed, MAX_SEED } from './seeded-random.ts';

type Check = (value: unknown) => boolean;

const text: Check = (v) => typeof v === 'string' && v !== '';
const whole = (min: number): Check => (v) => Number.isInteger(v) && (v as number) >= min;
const object: Check = (v) => typeof v === 'object' && v !== null;

/** Each option, what it must be, and the check. */
const OPTIONS: Record<string, [string, Check]> = {
  world: ['a world object (fixtures/README.md)', object],
  seed: [`a whole number from 0 to ${MAX_SEED}`, isSeed],
  corrections: ['a whole number, 0 or more (0: no correction and no suggested change)', whole(0)],
  fixturesDir: ['a folder path', text],
  checkedWorldsDir: ['a folder path, or false', (v) => v === false || text(v)],
  recheckWorld: ['true or false', (v) => typeof v === 'boolean'],
  cursorSecret: ['a non-empty string', text],
  clock: ['a function returning milliseconds, or { now: a date-time or epoch ms, frozen?: boolean }', (v) => typeof v === 'function' || clockStartLike(v)],
  deterministic: ['true or false', (v) => typeof v === 'boolean'],
  dates: ['"world" or "now"', (v) => v === 'world' || v === 'now'],
  stateFile: ['a file path', text],
  publicUrl: ['an http(s) URL', text],
  adminToken: ['a secret of 16 characters or more', (v) => typeof v === 'string' && v.length >= 16],
  stateFileSystem: ['a StateFileSystem', object],
  onStateProgress: ['a function', (v) => typeof v === 'function'],
  stateCompaction: ['{ minBytes?, ratio? }', object],
  checkMs: ['a whole number of milliseconds, 0 or more', whole(0)],
  journalSize: ['a whole number from 0 to 100000', (v) => whole(0)(v) && (v as number) <= 100_000],
  approvalMs: ['a whole number of milliseconds, 1 or more', whole(1)],
  onInvalidResponse: ['"error" or "warn"', (v) => v === 'error' || v === 'warn'],
  faults: ['{ databaseBusy?, latencyMs?, failChecks? }', object],
  faultSeed: ['a whole number', (v) => Number.isInteger(v)],
  logger: ['{ warn(message), error(message) }', (v) => object(v) && typeof (v as Record<string, unknown>).warn === 'function' && typeof (v as Record<string, unknown>).error === 'function'],
  defects: ['a list of defect names', Array.isArray],
  // Its scheme is checked where a store is made, by a message that does not repeat the URL (it may hold a password).
  store: ['a PostgreSQL URL (postgres://user:password@host:5432/database)', text],
  replicaId: ['a non-empty string', text],
  storeCompactEvery: ['a whole number, 1 or more', whole(1)],
  scenarios: ['a list of scenarios made with defineScenario (kindgi-mock/scenarios), each with a name, a description, params and build', (v) => Array.isArray(v) && v.every(scenarioLike)],
};

/** What defineScenario makes; the catalogue checks the rest (a name used twice, a built-in's name) and names it. */
function scenarioLike(value: unknown): boolean {
  if (!object(value)) return false;
  const { name, description, params, build } = value as Record<string, unknown>;
  return text(name) && typeof description === 'string' && object(params) && typeof build === 'function';
}

function clockStartLike(value: unknown): boolean {
  if (!object(value)) return false;
  const { now, frozen, ...rest } = value as Record<string, unknown>;
  const time = typeof now === 'number' ? now : typeof now === 'string' ? parseDateTime(now) : undefined;
  return time !== undefined && clockRangeProblem(time) === undefined && (frozen === undefined || typeof frozen === 'boolean') && Object.keys(rest).length === 0;
}

/**
 * Throws a TypeError for an option createMock does not take, or one whose value is of the wrong
 * kind; `undefined` counts as not given.
 */
export function checkMockOptions(options: object): void {
  checkOptions('createMock', options, Object.keys(OPTIONS));
}

/** The options `createHandlers` (kindgi-mock/msw) shares with createMock, checked alike; `baseUrl` is its own. */
const HANDLER_OPTIONS = ['world', 'seed', 'corrections', 'cursorSecret', 'clock', 'checkMs', 'approvalMs', 'onInvalidResponse', 'faults', 'faultSeed', 'logger', 'scenarios'];

export function checkHandlerOptions(options: object): void {
  checkOptions('createHandlers', options, [...HANDLER_OPTIONS, 'baseUrl'], { baseUrl: ['an http(s) URL, such as https://api.kindgi.test', (v) => text(v) && /^https?:\/\//i.test(v as string)] });
}

function checkOptions(caller: string, options: object, allowed: readonly string[], own: Record<string, [string, Check]> = {}): void {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) throw new TypeError(`${caller} takes an options object`);
  for (const [name, value] of Object.entries(options)) {
    const known = allowed.includes(name) ? own[name] ?? OPTIONS[name] : undefined;
    if (!known) throw new TypeError(`${caller} has no option "${name}"; it takes ${allowed.join(', ')}`);
    if (value !== undefined && !known[1](value)) throw new TypeError(`${caller} option ${name} must be ${known[0]}, not ${JSON.stringify(value) ?? typeof value}`);
  }
}
