// The shared store's client: PostgreSQL through `pg`. One table holds the deployment's log, one its
// newest snapshot; one row says which world the deployment serves. Every append happens under
// one transaction-scoped advisory lock, after reading what the log gained since the replica's
// position, and inserts at the next position, whose primary key refuses a second entry there:
// two replicas never both append at one position, and nothing is acknowledged before COMMIT.
import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Pool, PoolClient, QueryConfig, QueryResult } from 'pg';
import type { Effect, LogEntry } from './log-effects.ts';
import type { KeptClock } from '../worlds/mock-clock.ts';

/** The store could not be reached, or did not answer: the replica answers `503 store-unavailable`. */
export class StoreUnavailable extends Error {
  constructor(readonly reason: string) {
    super(`the store is unavailable (${reason})`);
    this.name = 'StoreUnavailable';
  }
}

/** The deployment serves another world than this replica loaded: it must not join. */
export class DeploymentMismatch extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeploymentMismatch';
  }
}

/** Another entry took the position (a replica without the lock, or a bug): the replica reads the log again. */
export class LogConflict extends Error {
  constructor(readonly seq: number) {
    super(`another entry is at log position ${seq}`);
    this.name = 'LogConflict';
  }
}

// One lock for every append of the deployment: its entries form one sequence.
const APPEND_LOCK = 0x6b696e64;
const SCHEMA_LOCK = 0x6b696e65;
/** Batches of journal entries the store keeps (every replica sends one at most each tenth of a second). */
const JOURNAL_BATCHES_KEPT = 500;
/** How far back of the newest batch seen a journal read looks, for one that committed late. */
const JOURNAL_LATE_BATCHES = 50;
/** Batches of the other replicas' entries read at most at once: enough for the newest requests a journal shows. */
const JOURNAL_BATCHES_READ = 20;
/** The notification each append sends, with its position: replicas read the log on it. */
export const LOG_CHANNEL = 'kindgi_log';

const SCHEMA = `
create table if not exists kindgi_deployment (
  id int primary key check (id = 1), deployment text not null, world_digest text not null,
  world_settings text not null, cursor_secret text not null, start_clock text, created_at timestamptz not null default now());
create table if not exists kindgi_log (
  seq bigint primary key, replica text not null, at timestamptz not null default now(), effects text not null);
create table if not exists kindgi_snapshot (
  seq bigint primary key, effects bytea not null, at timestamptz not null default now());
create table if not exists kindgi_replica (id text primary key, seen timestamptz not null);
create table if not exists kindgi_journal (pos bigserial primary key, replica text not null, entries text not null);`;

export interface Deployment {
  deployment: string;
  cursorSecret: string;
  /** The base world's clock as the first replica started it (`--clock`), which every replica's runs on from. */
  startClock?: KeptClock;
  /** Another replica of this one's name answered this long ago (ms), if lately. */
  namesakeSeenMsAgo?: number;
}

/** What the log gained after a position; `gap`: compaction removed entries the reader lacks (it reads the snapshot). */
export interface LogRead {
  entries: LogEntry[];
  gap: boolean;
}

/** An append `locked` makes when `work` asks for one. */
export interface Append {
  seq: number;
  effects: Effect[];
}

export interface StoreClient {
  /** Makes the tables, and the deployment's row if it is the first replica; refuses another world's. */
  prepare(mine: { worldSettings: object; cursorSecret: string; startClock?: KeptClock }): Promise<Deployment>;
  /** `limit`: at most that many entries (a page of a join); all by default. */
  readAfter(after: number, limit?: number): Promise<LogRead>;
  newestSnapshot(): Promise<{ seq: number; effects: Effect[] } | undefined>;
  /**
   * Holds the append lock: `work` is handed what the log gained after `after` and may ask for an
   * append; committed before this resolves. Throws StoreUnavailable, or LogConflict.
   */
  locked<T>(after: number, work: (read: LogRead) => Promise<{ append?: Append; result: T }>): Promise<T>;
  /** Keeps the worlds as of `seq` and drops the entries it holds. */
  compact(seq: number, effects: Effect[]): Promise<void>;
  /** The deployment's id, to tell a store that came back from one that was replaced; says this replica is alive. */
  probe(): Promise<string>;
  /**
   * Adds a batch of this replica's journal entries (a JSON array, or none) and reads the other
   * replicas' batches after `after` (-1: the newest few only); returns them and the position read up to.
   */
  exchangeJournal(mine: string | undefined, after: number): Promise<{ theirs: string[]; upTo: number }>;
  /** Calls `moved` on every append any replica makes, while connected. */
  listen(moved: (seq: number) => void): void;
  close(): Promise<void>;
}

/** A short digest of what a replica serves, to compare and to name in a refusal. */
const digestOf = (settings: object): string => createHash('sha256').update(JSON.stringify(settings)).digest('hex').slice(0, 16);

/** How the settings two replicas were started with differ, as a person would set them. */
const SETTING_NAMES: Record<string, string> = {
  world: 'the world (its files, or --corrections)',
  seed: '--seed (or --deterministic)',
  checkMs: '--check-ms',
  approvalMs: '--approval-ms',
  clock: '--clock',
  faults: 'the faults (--fault-rate, --retry-after, --latency)',
  cursorSecret: '--cursor-secret',
  scenarios: '--scenarios',
};

function settingsThatDiffer(mine: object, theirs: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(mine), ...Object.keys(theirs)]);
  const differing = [...keys].filter((key) => JSON.stringify((mine as Record<string, unknown>)[key]) !== JSON.stringify(theirs[key]));
  return differing.length > 0 ? differing.map((key) => SETTING_NAMES[key] ?? key) : ['the version of kindgi-mock'];
}

/** The pg errors that mean the server is gone, going, or not yet back; anything else is ours. */
function isUnreachable(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  if (typeof code === 'string' && (code.startsWith('08') || code.startsWith('57P') || ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', '53300'].includes(code))) return true;
  return /Connection terminated|timeout|not queryable|Client was closed|connection error/i.test(message ?? '');
}

const asUnavailable = (error: unknown): unknown => (isUnreachable(error) ? new StoreUnavailable((error as Error).message || String(error)) : error);

export async function createStoreClient(url: string, replica: string, onProblem: (message: string) => void): Promise<StoreClient> {
  const { default: pg } = await import('pg');
  // Positions are bigint in SQL, numbers here: 2^53 appends is more than any mock makes.
  pg.types.setTypeParser(20, (text: string) => Number(text));
  const pool: Pool = new pg.Pool({
    connectionString: url,
    max: 6,
    connectionTimeoutMillis: 2000,
    idleTimeoutMillis: 10_000,
    keepAlive: true,
    query_timeout: 15_000,
    // A replica that hangs while holding the lock must not hold every other one back.
    options: '-c idle_in_transaction_session_timeout=10000 -c lock_timeout=10000',
  });
  // An idle client whose server went away: the next query learns it; unheard, it would end the process.
  pool.on('error', (error) => onProblem(`idle store connection lost: ${error.message}`));
  // A checked-out client between queries (a write being answered under the lock) has no listener
  // of the pool's: its server's end would be an unheard 'error' that ends the process. The next
  // query on it fails, and becomes StoreUnavailable there.
  pool.on('connect', (client) => client.on('error', () => {}));

  const query = async (text: string | QueryConfig, values?: unknown[]): Promise<QueryResult> => {
    try {
      return await pool.query(text, values);
    } catch (error) {
      throw asUnavailable(error);
    }
  };

  const entriesOf = (rows: Array<{ seq: number; replica: string; effects: string }>): LogEntry[] =>
    rows.map((row) => ({ seq: row.seq, replica: row.replica, effects: JSON.parse(row.effects) as Effect[] }));

  // Every request's read of the log: prepared once per connection, planned once.
  const readQuery = (after: number) => ({ name: 'kindgi-log-after', text: 'select seq, replica, effects from kindgi_log where seq > $1 order by seq', values: [after] });
  const pageQuery = (after: number, limit: number) => ({ name: 'kindgi-log-page', text: 'select seq, replica, effects from kindgi_log where seq > $1 order by seq limit $2', values: [after, limit] });

  // Compaction keeps the entry at the snapshot's position (compact), so the log is never empty
  // after one: entries that do not start right after `after` mean compaction removed some it lacks.
  const logReadOf = (after: number, result: QueryResult): LogRead => {
    const entries = entriesOf(result.rows);
    return { entries, gap: entries.length > 0 && entries[0]!.seq !== after + 1 };
  };

  let listener: { end(): Promise<void> } | undefined;
  /** The other replicas' journal batches read lately (exchangeJournal). */
  const seenBatches = new Set<number>();
  let closed = false;

  return {
    async prepare(mine) {
      const client = await connect(pool);
      try {
        await client.query(`select pg_advisory_lock(${SCHEMA_LOCK})`);
        await client.query(SCHEMA);
        await client.query(
          `insert into kindgi_deployment (id, deployment, world_digest, world_settings, cursor_secret, start_clock) values (1, $1, $2, $3, $4, $5) on conflict (id) do nothing`,
          [globalThis.crypto.randomUUID(), digestOf(mine.worldSettings), JSON.stringify(mine.worldSettings), mine.cursorSecret, mine.startClock ? JSON.stringify(mine.startClock) : null],
        );
        const row = (await client.query('select deployment, world_digest, world_settings, cursor_secret, start_clock from kindgi_deployment where id = 1')).rows[0] as {
          deployment: string;
          world_digest: string;
          world_settings: string;
          cursor_secret: string;
          start_clock: string | null;
        };
        await client.query(`select pg_advisory_unlock(${SCHEMA_LOCK})`);
        const namesake = (await client.query(`select (extract(epoch from now() - seen) * 1000)::int as ago from kindgi_replica where id = $1 and seen > now() - interval '3 seconds'`, [replica])).rows[0] as { ago: number } | undefined;
        await client.query('insert into kindgi_replica (id, seen) values ($1, now()) on conflict (id) do update set seen = now()', [replica]);
        const digest = digestOf(mine.worldSettings);
        if (row.world_digest !== digest) {
          const differing = settingsThatDiffer(mine.worldSettings, JSON.parse(row.world_settings) as Record<string, unknown>);
          throw new DeploymentMismatch(
            `--store: this replica loaded world ${digest}, the deployment serves world ${row.world_digest}: they differ in ${differing.join(', ')}; start every replica with the same world files and the same --seed, --corrections, --clock, --check-ms, --approval-ms, --cursor-secret, faults and --scenarios (or give this one a store of its own)`,
          );
        }
        return {
          deployment: row.deployment,
          cursorSecret: row.cursor_secret,
          ...(row.start_clock !== null ? { startClock: JSON.parse(row.start_clock) as KeptClock } : {}),
          ...(namesake ? { namesakeSeenMsAgo: namesake.ago } : {}),
        };
      } catch (error) {
        throw asUnavailable(error);
      } finally {
        client.release();
      }
    },

    async readAfter(after, limit) {
      return logReadOf(after, await query(limit === undefined ? readQuery(after) : pageQuery(after, limit)));
    },

    async newestSnapshot() {
      const row = (await query('select seq, effects from kindgi_snapshot order by seq desc limit 1')).rows[0] as { seq: number; effects: Buffer } | undefined;
      return row && { seq: row.seq, effects: JSON.parse(gunzipSync(row.effects).toString('utf8')) as Effect[] };
    },

    async locked(after, work) {
      const client = await connect(pool);
      let failed: unknown;
      try {
        // One round trip: the lock, then what the log gained (`after` is this replica's own number).
        const results = (await client.query(`begin; select pg_advisory_xact_lock(${APPEND_LOCK}); select seq, replica, effects from kindgi_log where seq > ${Math.trunc(after)} order by seq`)) as unknown as QueryResult[];
        const read = logReadOf(after, results[2]!);
        const { append, result } = await work(read);
        if (append) {
          const text = JSON.stringify(append.effects);
          await client.query(
            `insert into kindgi_log (seq, replica, effects) values (${append.seq}, ${client.escapeLiteral(replica)}, ${client.escapeLiteral(text)});
             select pg_notify('${LOG_CHANNEL}', '${append.seq}'); commit`,
          );
        } else {
          await client.query('commit');
        }
        return result;
      } catch (error) {
        failed = error;
        // 23505: another entry took the position; 55P03: the lock was held too long (a replica hung holding it).
        const code = (error as { code?: string }).code;
        if (code === '23505' || code === '55P03') throw new LogConflict(after + 1);
        throw asUnavailable(error);
      } finally {
        // A client whose transaction failed is dropped, not reused: its state is unknown.
        if (failed !== undefined) client.release(true);
        else client.release();
      }
    },

    async compact(seq, effects) {
      const body = gzipSync(Buffer.from(JSON.stringify(effects), 'utf8'));
      const client = await connect(pool);
      try {
        await client.query('begin');
        await client.query('insert into kindgi_snapshot (seq, effects) values ($1, $2) on conflict (seq) do nothing', [seq, body]);
        await client.query('delete from kindgi_snapshot where seq < $1', [seq]);
        // The entry at `seq` stays: a reader behind it finds the log starting past its position (a gap), never empty.
        await client.query('delete from kindgi_log where seq < $1', [seq]);
        await client.query('commit');
      } catch (error) {
        client.query('rollback').catch(() => {});
        throw asUnavailable(error);
      } finally {
        client.release();
      }
    },

    async probe() {
      await query('update kindgi_replica set seen = now() where id = $1', [replica]);
      return ((await query('select deployment from kindgi_deployment where id = 1')).rows[0] as { deployment: string } | undefined)?.deployment ?? '';
    },

    async exchangeJournal(mine, after) {
      const sent = mine === undefined ? undefined : Number(((await query('insert into kindgi_journal (replica, entries) values ($1, $2) returning pos', [replica, mine])).rows[0] as { pos: number }).pos);
      // Its own batches are not read back: they can be long, and it has them. Only the newest few
      // (a journal shows the last requests): a replica that just joined, or fell behind, skips the older.
      // A batch whose insert committed after a later one's is still found: the read looks a little
      // further back than the last it saw, and takes only the batches it has not seen.
      const rows = (
        (await query('select pos, entries from kindgi_journal where pos > $1 and replica <> $2 order by pos desc limit $3', [Math.max(after - JOURNAL_LATE_BATCHES, 0), replica, JOURNAL_BATCHES_READ])).rows as Array<{ pos: number; entries: string }>
      )
        .reverse()
        .filter((row) => !seenBatches.has(row.pos));
      for (const row of rows) seenBatches.add(row.pos);
      for (const pos of seenBatches) if (pos <= after - JOURNAL_LATE_BATCHES) seenBatches.delete(pos);
      // Now and then, the table keeps only its newest batches: a journal shows the last requests, not all.
      if (sent !== undefined && sent % 100 === 0) await query('delete from kindgi_journal where pos <= $1', [sent - JOURNAL_BATCHES_KEPT]);
      return { theirs: rows.map((row) => row.entries), upTo: Math.max(rows.at(-1)?.pos ?? 0, after, 0) };
    },

    listen(moved) {
      // Notifications only wake a replica early: every request reads the log's head itself.
      const connectListener = async (): Promise<void> => {
        if (closed) return;
        const client = new pg.Client({ connectionString: url, keepAlive: true });
        let ended = false;
        const again = () => {
          if (ended) return;
          ended = true;
          client.end().catch(() => {});
          listener = undefined;
          if (!closed) setTimeout(() => void connectListener(), 500).unref();
        };
        client.on('error', again);
        client.on('end', again);
        client.on('notification', (message) => moved(Number(message.payload)));
        try {
          await client.connect();
          await client.query(`listen ${LOG_CHANNEL}`);
          listener = client;
        } catch {
          again();
        }
      };
      void connectListener();
    },

    async close() {
      closed = true;
      await listener?.end().catch(() => {});
      await pool.end().catch(() => {});
    },
  };
}

async function connect(pool: Pool): Promise<PoolClient> {
  try {
    return await pool.connect();
  } catch (error) {
    throw asUnavailable(error);
  }
}
