// kindgi-mock's public entry: createMock(options) builds the stateful mock for tests and embedding.
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import type { World } from './domain/world.ts';
import { generateWorld } from './fixtures/generate-world.ts';
import { checkedWorldsIn } from './fixtures/checked-worlds.ts';
import { loadWorldFolder, validateWorld, type LoadedWorld } from './fixtures/load-world.ts';
import { createApp } from './http/app.ts';
import type { FaultSettings, Logger, MockContext } from './http/context.ts';
import { createCursorSealer } from './http/cursor.ts';
import type { Defect } from './http/defects.ts';
import { READ_HANDLERS } from './http/routes/read-handlers.ts';
import { WRITE_HANDLERS } from './http/routes/write-handlers.ts';
import { seededRandom } from './seeded-random.ts';
import { loadSpec } from './spec/load-spec.ts';
import type { OpenApiDocument } from './spec/openapi-types.ts';
import { compileSpecValidators } from './spec/validators.ts';
import { openStateJournal, type StateJournal } from './store/state-file.ts';
import { createWorldStore, type WorldStore } from './store/world-store.ts';

export type { World } from './domain/world.ts';
export type { FaultSettings, Logger } from './http/context.ts';

export const DEFAULT_CHECK_MS = 1500;

export interface MockOptions {
  /** Serve this world as it is. */
  world?: World;
  /** Generate the world from this seed (and `corrections`) instead of loading fixtures. */
  seed?: number;
  corrections?: number;
  /** A fixtures folder; the embedded one when neither this, `world` nor `seed` is given. */
  fixturesDir?: string;
  /**
   * Remember fixtures folders that passed every check in this folder, and skip the checks when the
   * same bytes are loaded again with the same spec and code (checked-worlds.ts). Unset: always check.
   */
  checkedWorldsDir?: string;
  /** With `checkedWorldsDir`: check the fixtures even when they passed before (and remember them again). */
  recheckWorld?: boolean;
  /** Share one secret across instances so their cursors are interchangeable; random per start by default. */
  cursorSecret?: string;
  /** The clock of writes, cursors and checks (tests move it to expire a cursor or finish a check). */
  clock?: () => number;
  /** Keep every write in this file, and restore them from it on start. */
  stateFile?: string;
  /** How long a suggested change's check runs (default 1500 ms). */
  checkMs?: number;
  /** `error` (default): a response that breaks the spec becomes 500 response-invalid. `warn`: sent, and logged. */
  onInvalidResponse?: 'error' | 'warn';
  faults?: FaultSettings;
  /** Seed of the random faults. */
  faultSeed?: number;
  logger?: Logger;
  /** Test-only: defects the contract kit's tests inject to prove each check catches its bug. */
  defects?: readonly Defect[];
}

export interface RunningMock {
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface Mock {
  app: Express;
  /** `remembered`: the fixtures passed every check before, so they were not checked again (see `checkedWorldsDir`). */
  worldChecks: 'ran' | 'remembered';
  store: WorldStore;
  context: MockContext;
  /** Listens on `host` (127.0.0.1 by default) and `port` (0: any free one). */
  listen(port?: number, host?: string): Promise<RunningMock>;
}

/**
 * Builds the mock: loads and checks the world, compiles every validator, wires the app.
 * - Throws WorldLoadError for a broken world, naming file, record, field and rule.
 */
export function createMock(options: MockOptions = {}): Mock {
  const document = loadSpec();
  const logger = options.logger ?? { warn: (m) => console.warn(m), error: (m) => console.error(m) };
  const { world, checks } = worldFor(options, document, logger);
  let journal: StateJournal | undefined;
  const checkMs = options.checkMs ?? DEFAULT_CHECK_MS;
  const store = createWorldStore(world, { onCommit: (changes) => journal?.append(changes), onReset: () => journal?.restart() });
  if (options.stateFile !== undefined) {
    const opened = openStateJournal(options.stateFile, world);
    for (const changes of opened.entries) store.commit(changes);
    journal = opened;
  }
  const clock = options.clock ?? Date.now;
  const context: MockContext = {
    store,
    document,
    validators: compileSpecValidators(document),
    cursors: createCursorSealer(options.cursorSecret, clock),
    faults: options.faults ?? {},
    random: seededRandom(options.faultSeed ?? options.seed ?? 1),
    logger,
    onInvalidResponse: options.onInvalidResponse ?? 'error',
    clock,
    checkMs,
    newId: (prefix) => (prefix === 'uuid' ? randomUUID() : `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 16)}`),
    idempotencyInFlight: new Set(),
    defects: new Set(options.defects ?? []),
  };
  const app = createApp(context, { ...READ_HANDLERS, ...WRITE_HANDLERS });
  return {
    app,
    worldChecks: checks,
    store,
    context,
    listen: (port = 0, host = '127.0.0.1') => listen(app, port, host),
  };
}

/** The world to serve, checked like a loaded one whatever its source. */
function worldFor(options: MockOptions, document: OpenApiDocument, logger: Logger): Pick<LoadedWorld, 'world' | 'checks'> {
  if (options.world === undefined && options.seed === undefined && options.corrections === undefined) {
    const checkedWorlds = options.checkedWorldsDir !== undefined ? checkedWorldsIn(options.checkedWorldsDir) : undefined;
    const loaded = loadWorldFolder(options.fixturesDir, document, checkedWorlds, options.recheckWorld);
    if (loaded.rememberError) logger.warn(`kindgi-mock: the world passed its checks but could not be remembered in ${checkedWorlds!.dir}: ${loaded.rememberError.message}`);
    return loaded;
  }
  // A world the caller gives stays the caller's: the store keeps the records it is given uncopied.
  const world = options.world !== undefined ? structuredClone(options.world) : generateWorld({
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.corrections !== undefined ? { corrections: options.corrections } : {}),
  });
  validateWorld(world, document);
  return { world, checks: 'ran' };
}

function listen(app: Express, port: number, host: string): Promise<RunningMock> {
  return new Promise((resolve, reject) => {
    const server: Server = app.listen(port, host);
    server.once('error', reject);
    server.once('listening', () => {
      const address = server.address() as AddressInfo;
      const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      resolve({
        url: `http://${shownHost}:${address.port}`,
        port: address.port,
        close: () => new Promise<void>((done, fail) => {
          server.close((error) => (error ? fail(error) : done()));
          server.closeAllConnections();
        }),
      });
    });
  });
}
