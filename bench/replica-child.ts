// A mock of the replica case, in a child of its own so that the load generator never shares its
// event loop: the embedded world, alone or as a replica on `--store URL`. It prints one JSON line
// on stdout and then serves (`serve`) or exits (`join`).
//   serve [--store URL] [--journal-size N]: listens on 127.0.0.1 and prints { url, adminToken }
//   join --store URL [--compact-every N]: times createMock() and ready(), prints JoinTimes, exits
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createMock } from '../src/index.ts';

export interface ServingChild {
  url: string;
  /** The base world's admin of the main tenant. */
  adminToken: string;
}

export interface JoinTimes {
  /** createMock(): the world loaded and checked (remembered), before any log is read. */
  createMs: number;
  /** From createMock()'s return to ready(): the snapshot and the log read and applied. */
  readyMs: number;
  /** The log position the replica joined at. */
  position: number;
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { store: { type: 'string' }, 'compact-every': { type: 'string' }, 'journal-size': { type: 'string' } },
});
const storeOptions = {
  ...(values.store !== undefined ? { store: values.store, replicaId: `bench-${process.pid}` } : {}),
  ...(values['compact-every'] !== undefined ? { storeCompactEvery: Number(values['compact-every']) } : {}),
  ...(values['journal-size'] !== undefined ? { journalSize: Number(values['journal-size']) } : {}),
};

if (positionals[0] === 'join') {
  const started = performance.now();
  const mock = createMock(storeOptions);
  const created = performance.now();
  await mock.ready();
  const times: JoinTimes = { createMs: created - started, readyMs: performance.now() - created, position: mock.context.replica?.position() ?? 0 };
  mock.close();
  // The store's pool ends in the background; nothing is left to wait for.
  process.stdout.write(`${JSON.stringify(times)}\n`, () => process.exit(0));
} else {
  const mock = createMock(storeOptions);
  await mock.ready();
  const running = await mock.listen(0, '127.0.0.1');
  const adminToken = mock.store.principals().find((principal) => principal.token.startsWith('kgm_admin_'))!.token;
  const serving: ServingChild = { url: running.url, adminToken };
  process.stdout.write(`${JSON.stringify(serving)}\n`);
  process.once('SIGTERM', () => void running.close().then(() => process.exit(0)));
}
