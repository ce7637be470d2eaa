// The mock of the sessions case, in a child of its own (sessions.ts starts it with --expose-gc):
// the embedded world, listening on 127.0.0.1, doing what the parent asks over IPC, one command at
// a time. What is timed in process is timed here; what goes over HTTP is the parent's to time.
import { performance } from 'node:perf_hooks';
import { createMock } from '../src/index.ts';
import { ADMIN_PREFIX, sessionAdminToken } from './session-http.ts';
import { requireGc, settledMemory, type SettledMemory } from './settled-memory.ts';

export type SessionsCommand =
  /** createSession() `opens` times after a first one, each ended right after, untimed. */
  | { do: 'time-opens'; opens: number }
  /** Opens `count` sessions and keeps them open. */
  | { do: 'open-many'; count: number }
  | { do: 'memory' }
  | { do: 'end-all' };

export interface SessionsReady {
  url: string;
  /** The base world's admin of the main tenant. */
  adminToken: string;
}

export interface TimedOpens {
  firstMs: number;
  openMs: number[];
}

/** The admin token of each session opened. */
export interface OpenedSessions {
  adminTokens: string[];
}

export interface SessionsMemory extends SettledMemory {
  open: number;
  /** Writes taken by the open sessions, summed. */
  writes: number;
}

export type SessionsAnswer = TimedOpens | OpenedSessions | SessionsMemory | { ended: number };

requireGc();
const mock = createMock({ logger: { warn: () => {}, error: () => {} } });
const running = await mock.listen(0);
const admin = mock.store.principals().find((p) => p.token.startsWith(ADMIN_PREFIX));
if (!admin) throw new Error('the embedded world has no kgm_admin_ principal');

function timedOpen(name: string): number {
  const started = performance.now();
  const session = mock.createSession({ name });
  const took = performance.now() - started;
  mock.sessions.end(session.id);
  return took;
}

function answer(command: SessionsCommand): SessionsAnswer {
  switch (command.do) {
    case 'time-opens': {
      const firstMs = timedOpen('bench first open');
      const openMs = Array.from({ length: command.opens }, (_, i) => timedOpen(`bench open ${i}`));
      return { firstMs, openMs };
    }
    case 'open-many':
      return { adminTokens: Array.from({ length: command.count }, (_, i) => sessionAdminToken(mock.createSession({ name: `bench held ${i}` }))) };
    case 'memory': {
      const listed = mock.sessions.list();
      return { ...settledMemory(), open: listed.length, writes: listed.reduce((sum, s) => sum + s.writes, 0) };
    }
    case 'end-all': {
      const ids = mock.sessions.list().map((s) => s.id);
      for (const id of ids) mock.sessions.end(id);
      return { ended: ids.length };
    }
  }
}

process.on('message', (command: SessionsCommand) => {
  try {
    process.send!(answer(command));
  } catch (error) {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  }
});
process.once('disconnect', () => void running.close().then(() => process.exit(0)));
process.send!({ url: running.url, adminToken: admin.token } satisfies SessionsReady);
