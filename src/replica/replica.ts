// A replica: one of several mock processes that serve the same worlds from one shared store's log.
// Its requests take turns. A read first reads what the log gained since the replica's position
// (one query for every read waiting), applies it, then is answered: a request that starts after a
// write was acknowledged, on any replica, sees it. A write holds the store's append lock, applies
// what the log gained, is answered, and its effects are appended at the next position and
// committed before the answer leaves. Nothing the log does not hold is ever acknowledged; a
// world that holds something the log may not (a failed append) is read again from the log.
import { hostname } from 'node:os';
import type { CoreRequest, CoreResponse } from '../http/exchange.ts';
import { ApiError } from '../http/api-error.ts';
import type { FaultSettings, Logger, MockWorld } from '../http/context.ts';
import type { ClockSetting, KeptClock } from '../worlds/mock-clock.ts';
import { resumedClock } from '../worlds/mock-clock.ts';
import type { SessionLog, Sessions } from '../worlds/sessions.ts';
import type { StoreReplay } from '../store/world-store.ts';
import type { JournalEntry, RequestJournal } from '../http/request-journal.ts';
import { BASE_WORLD, EffectCapture, type Effect, type LogEntry, type WorldKey } from './log-effects.ts';
import { createStoreClient, DeploymentMismatch, LogConflict, StoreUnavailable, type LogRead, type StoreClient } from './store-client.ts';
import { worldKeyOfRequest } from './request-world.ts';
import { latencyOf } from '../http/stages/faults.ts';
import { randomHexes } from '../digest.ts';

/** Entries between snapshots: a replica that joins reads at most about this many after the newest. */
export const DEFAULT_COMPACT_EVERY = 10_000;
/** How often a replica that lost the store tries it again. */
const PROBE_MS = 500;
/** How often a replica tells the store it is alive. */
const ALIVE_MS = 1000;
/** Reads of the log a replica has on their way at once, at most. */
const READS_ON_THEIR_WAY = 3;
/** Log entries a joining replica reads at a time. */
const JOIN_PAGE = 10_000;
/** How often a replica sends its journal entries to the store and takes the others'. */
const JOURNAL_SYNC_MS = 100;
/** How much of a successful answer's body another replica's journal shows: a list page is long, and every answer is shared. */
export const SHARED_BODY_BYTES = 2048;
/** A request whose append met another entry is answered again after reading the log, this often at most. */
const MAX_ATTEMPTS = 3;

/** What every replica of a deployment must share: the world's fingerprint, and each setting that decides an answer. */
export interface ReplicaWorldSettings {
  world: string;
  seed: number | null;
  checkMs: number;
  approvalMs: number | null;
  clock: ClockSetting | null;
  faults: FaultSettings;
  /** A hash of the given secret, never the secret. */
  cursorSecret: string | null;
  scenarios: string[];
}

export interface ReplicaSettings {
  url: string;
  /** How the journal and the log name this replica; host:pid when not given. */
  replicaId?: string;
  /** The loaded world and the settings that decide answers: the deployment's must be the same. */
  worldSettings: ReplicaWorldSettings;
  /** The cursor secret this replica would make for a new deployment (random, or the seed's, or `--cursor-secret`). */
  cursorSecret: string;
  /** Whether the cursor secret was given (seed, `--cursor-secret`): then it is the replica's own, not the deployment's. */
  cursorSecretGiven: boolean;
  clockSource: () => number;
  /**
   * The base world's clock as `--clock` starts it; the deployment keeps the first replica's start,
   * from which every replica's clock runs on (and to which one re-reading the log goes back).
   */
  startClock?: ClockSetting;
  /** The base world's faults as at start, to which a replica re-reading the log goes back first. */
  startFaults: FaultSettings;
  logger: Logger;
  compactEvery?: number;
}

/** What the replica needs of the mock, once it is made. */
export interface ReplicaWorlds {
  base: MockWorld;
  sessions: Sessions;
  /** Seals the base world's cursors with the deployment's secret. */
  useCursorSecret(secret: string): void;
  /** The request journal: it lists every replica's requests. */
  journal: RequestJournal;
}

/** The part of a replica the request path sees (MockContext.replica). */
export interface ReplicaGate {
  readonly id: string;
  respond(request: CoreRequest, answer: (request: CoreRequest) => HeldAnswer | Promise<HeldAnswer>, refuse: (request: CoreRequest, error: ApiError) => CoreResponse): Promise<CoreResponse>;
  /** `up`, or `down` while the store cannot be reached. */
  status(): 'starting' | 'up' | 'down';
  /** The log position this replica has applied. */
  position(): number;
}

export interface Replica extends ReplicaGate {
  capture: EffectCapture;
  sessionLog: SessionLog;
  /** Connects, checks the deployment's world, and reads the log; rejects with the reason it cannot serve. */
  start(worlds: ReplicaWorlds): Promise<void>;
  close(): Promise<void>;
}

/**
 * An answer the core made and has not journalled yet: the replica journals it when it sends it,
 * so that an answer the log did not take (a 201 whose append failed) never shows in the journal.
 */
export interface HeldAnswer {
  response: CoreResponse;
  journal(): void;
}

interface Turn {
  request: CoreRequest;
  answer: (request: CoreRequest) => HeldAnswer | Promise<HeldAnswer>;
  refuse: (request: CoreRequest, error: ApiError) => CoreResponse;
  resolve: (response: CoreResponse) => void;
  attempts: number;
  /** Its place in the order requests came in: a read of the log serves those that came before it was sent. */
  arrival: number;
}

/** A read of the log on its way, for the requests that came before it was sent. */
interface PendingRead {
  covers: number;
  read: Promise<LogRead>;
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function createReplica(settings: ReplicaSettings): Replica {
  const id = settings.replicaId ?? `${hostname()}:${process.pid}`;
  const capture = new EffectCapture();
  const compactEvery = settings.compactEvery ?? DEFAULT_COMPACT_EVERY;
  let client: StoreClient | undefined;
  let worlds: ReplicaWorlds | undefined;
  let state: 'starting' | 'up' | 'down' = 'starting';
  /** Why the store was lost, for the 503s meanwhile. */
  let downReason = '';
  let applied = 0;
  let lastSnapshot = 0;
  /** The deployment's start of the base world's clock (its first replica's `--clock`), if one was set. */
  let deploymentClock: KeptClock | undefined;
  /** The worlds may hold what the log does not (an append that failed, or whose outcome is unknown). */
  let suspect = false;
  let closed = false;
  let started: Promise<void> | undefined;
  const queue: Turn[] = [];
  let pumping = false;
  let arrivals = 0;
  /** Reads of the log on their way, oldest first: each sent when a read came that none covered. */
  let readsOnTheirWay: PendingRead[] = [];
  /** Another replica appended (its notification): read the log while idle, so the next request has little to read. */
  let behind = false;
  /** Sessions whose end this replica asked for and the log has not answered yet. */
  const askedToEnd = new Set<string>();

  const worldByKey = (key: WorldKey): MockWorld | undefined => (key === BASE_WORLD ? worlds!.base : worlds!.sessions.peekWorld(key));

  /**
   * `replays`: a join's, one per world: commits are filed in the list index once at the end, as a
   * state file's restore does, not one by one.
   */
  const applyEffect = (effect: Effect, replays?: Map<WorldKey, StoreReplay>): void => {
    const finishReplay = (key: WorldKey) => {
      replays?.get(key)?.finish();
      replays?.delete(key);
    };
    if (effect.kind === 'session-open') {
      const world = worlds!.sessions.adopt(effect.session);
      // Its clock runs on from where it stood when it opened, not from when this replica learnt of it.
      if (effect.session.clock) world.clock.set(resumedClock(effect.session.clock, settings.clockSource()));
      return;
    }
    if (effect.kind === 'session-end') {
      finishReplay(effect.id);
      askedToEnd.delete(effect.id);
      worlds!.sessions.drop(effect.id, effect.at);
      return;
    }
    if (effect.kind === 'session-use') {
      worlds!.sessions.usedAt(effect.id, effect.at);
      return;
    }
    const world = worldByKey(effect.world);
    // A session that ended (or expired) before this entry was made: nothing left to change.
    if (!world) return;
    switch (effect.kind) {
      case 'changes': {
        if (!replays) world.store.restore(effect.changes);
        else {
          let replay = replays.get(effect.world);
          if (!replay) replays.set(effect.world, (replay = world.store.replay()));
          replay.apply(effect.changes);
        }
        if (effect.ids !== undefined) world.newId.seek(effect.ids);
        return;
      }
      case 'reset':
        finishReplay(effect.world);
        world.resetToLoaded();
        return;
      case 'ids':
        world.newId.seek(effect.ids);
        return;
      case 'clock':
        world.clock.set(resumedClock(effect.clock, settings.clockSource()));
        return;
      case 'faults':
        world.faults = effect.faults;
        return;
    }
  };

  const applyEntries = (entries: readonly LogEntry[], replays?: Map<WorldKey, StoreReplay>): void => {
    capture.quietly(() => {
      for (const entry of entries) {
        // A read sent before this replica's own append may bring that append back.
        if (entry.seq <= applied) continue;
        for (const effect of entry.effects) applyEffect(effect, replays);
        applied = entry.seq;
      }
    });
  };

  /**
   * Back to the worlds as loaded, then everything the store holds: the newest snapshot and the
   * entries after it, read a page at a time, the next page on its way while one is applied.
   */
  const rejoin = async (): Promise<void> => {
    const store = client!;
    readsOnTheirWay = [];
    for (let tries = 1; ; tries += 1) {
      const snapshot = await store.newestSnapshot();
      let page = await store.readAfter(snapshot?.seq ?? 0, JOIN_PAGE);
      const replays = new Map<WorldKey, StoreReplay>();
      let compacted = false;
      try {
        if (!page.gap) {
          resetWorlds();
          if (snapshot) applyEntries([{ seq: snapshot.seq, replica: '', effects: snapshot.effects }], replays);
        }
        while (!page.gap) {
          const next = page.entries.length === JOIN_PAGE ? store.readAfter(page.entries.at(-1)!.seq, JOIN_PAGE) : undefined;
          next?.catch(() => {});
          applyEntries(page.entries, replays);
          if (!next) break;
          page = await next;
        }
        compacted = page.gap;
      } finally {
        for (const replay of replays.values()) replay.finish();
      }
      // Compaction passed this replica while it read: read again from the newer snapshot.
      if (compacted && tries < 3) continue;
      if (compacted) throw new StoreUnavailable('the log was compacted faster than this replica could read it');
      lastSnapshot = snapshot?.seq ?? 0;
      capture.take();
      capture.takeDeferred();
      suspect = false;
      return;
    }
  };

  const resetWorlds = (): void =>
    capture.quietly(() => {
      const { base, sessions } = worlds!;
      base.resetToLoaded();
      base.clock.set(deploymentClock ? resumedClock(deploymentClock, settings.clockSource()) : { now: settings.clockSource(), frozen: false });
      base.faults = structuredClone(settings.startFaults);
      sessions.clear();
      askedToEnd.clear();
      applied = 0;
    });

  /** Applies what a read of the log brought; a gap (compaction passed this replica) means reading it all again. */
  const catchUp = async (read: LogRead): Promise<void> => {
    if (read.gap) await rejoin();
    else applyEntries(read.entries);
  };

  /**
   * Under the append lock, a gap is not read there (a whole log, while every other replica waits):
   * the turn goes back to the queue and the replica reads the log again first.
   */
  const catchUpUnderLock = (read: LogRead): void => {
    if (read.gap) throw new LogConflict(applied + 1);
    applyEntries(read.entries);
  };

  /** The effects taken from the capture, each commit with how far its world's ids had gone. */
  const takeEffects = (): Effect[] =>
    capture.take().map((effect) => {
      if (effect.kind !== 'changes') return effect;
      const position = worldByKey(effect.world)?.newId.position() ?? 0;
      return position > 0 ? { ...effect, ids: position } : effect;
    });

  const storeUnavailable = (turn: Turn, reason: string) =>
    turn.resolve(turn.refuse(turn.request, new ApiError('store-unavailable', `the mock's shared store cannot be reached (${reason}); nothing was changed unless a retry finds it done: try again in a second`, undefined, { 'Retry-After': '1' })));

  const answerOf = async (turn: Turn): Promise<HeldAnswer> => turn.answer(turn.request);

  const deliver = (turn: Turn, held: HeldAnswer): void => {
    held.journal();
    turn.resolve(held.response);
  };

  /** The world the request names has a check or an approval that came due: answering it writes. */
  const writesWhenAnswered = (request: CoreRequest): boolean => {
    if (!READ_METHODS.has(request.method)) return true;
    const world = worldByKey(worldKeyOfRequest(request));
    if (!world) return false;
    const now = world.clock.now();
    const { lookup } = world.store;
    return lookup.checksThatEnd().some((check) => check.endsAt <= now) || lookup.expiringApprovals().some((approval) => approval.expiresAt! <= now);
  };

  const afterOwnAppend = (seq: number): void => {
    applied = seq;
    if (seq - lastSnapshot >= compactEvery) compact(seq);
  };

  const compact = (seq: number): void => {
    lastSnapshot = seq;
    // Made now, while the worlds are as of `seq`: nothing else runs before the snapshot is taken.
    const effects = snapshotEffects();
    client!.compact(seq, effects).catch((error: Error) => settings.logger.warn(`kindgi-mock: replica ${id} could not compact the store's log at ${seq}: ${error.message}; the next compaction, ${compactEvery} entries on, takes its place`));
  };

  const snapshotEffects = (): Effect[] => {
    const { base, sessions } = worlds!;
    const worldEffects = (key: WorldKey, world: MockWorld): Effect[] => {
      const { now, frozen } = world.clock.read();
      const ids = world.newId.position();
      return [
        { kind: 'changes', world: key, changes: world.store.ownChanges(), ...(ids > 0 ? { ids } : {}) },
        { kind: 'clock', world: key, clock: { now, frozen, at: settings.clockSource() } },
        { kind: 'faults', world: key, faults: world.faults },
      ];
    };
    return [
      ...worldEffects(BASE_WORLD, base),
      ...sessions.records().flatMap((record): Effect[] => {
        const world = sessions.peekWorld(record.summary.id);
        return world ? [{ kind: 'session-open', session: record }, ...worldEffects(record.summary.id, world)] : [];
      }),
    ];
  };

  /** A write: under the append lock, after what the log gained. */
  const runWrite = async (turn: Turn): Promise<void> => {
    let response: HeldAnswer | undefined;
    let appendedAt: number | undefined;
    try {
      await client!.locked(applied, async (read) => {
        catchUpUnderLock(read);
        const key = worldKeyOfRequest(turn.request);
        const idsBefore = worldByKey(key)?.newId.position();
        response = await answerOf(turn);
        const effects = takeEffects();
        const idsAfter = worldByKey(key)?.newId.position();
        if (effects.length === 0 && idsAfter !== idsBefore && idsAfter !== undefined) effects.push({ kind: 'ids', world: key, ids: idsAfter });
        if (effects.length === 0) return { result: undefined };
        // From here the worlds hold what only the append makes true.
        suspect = true;
        appendedAt = applied + 1;
        return { append: { seq: appendedAt, effects }, result: undefined };
      });
      if (appendedAt !== undefined) {
        suspect = false;
        afterOwnAppend(appendedAt);
      }
      await logUses();
      deliver(turn, response!);
    } catch (error) {
      capture.take();
      failed(turn, error);
    }
  };

  /** Reads: one read of the log for them all, then each is answered in turn. */
  const runReads = async (turns: Turn[], read: LogRead): Promise<void> => {
    try {
      await catchUp(read);
    } catch (error) {
      for (const turn of turns) failed(turn, error);
      return;
    }
    for (const [index, turn] of turns.entries()) {
      if (writesWhenAnswered(turn.request)) {
        await runWrite(turn);
        // A write that did not reach the log left the worlds holding it: the rest wait until they are read again.
        if (suspect || state !== 'up') {
          queue.unshift(...turns.slice(index + 1));
          return;
        }
        continue;
      }
      let response: HeldAnswer;
      try {
        response = await answerOf(turn);
      } catch (error) {
        failed(turn, error);
        continue;
      }
      const effects = takeEffects();
      if (effects.length === 0) {
        await logUses();
        deliver(turn, response);
        continue;
      }
      // Time moved on while it was answered, and a check came due after all: appended only if the log has not moved since.
      suspect = true;
      try {
        await client!.locked(applied, async (read) => {
          if (read.entries.length > 0 || read.gap) throw new LogConflict(applied + 1);
          return { append: { seq: applied + 1, effects }, result: undefined };
        });
        suspect = false;
        afterOwnAppend(applied + 1);
        await logUses();
        deliver(turn, response);
      } catch (error) {
        // The rest are answered after the worlds are read again: back to the queue, behind this one.
        queue.unshift(...turns.slice(index + 1));
        failed(turn, error);
        return;
      }
    }
  };

  /** A turn that could not finish: asked again after the log is read (a conflict), or refused with 503. */
  const failed = (turn: Turn, error: unknown): void => {
    if (error instanceof LogConflict && turn.attempts + 1 < MAX_ATTEMPTS) {
      turn.attempts += 1;
      suspect = true;
      queue.unshift(turn);
      return;
    }
    if (error instanceof StoreUnavailable || error instanceof LogConflict) {
      if (error instanceof StoreUnavailable) goDown(error.reason);
      storeUnavailable(turn, error instanceof StoreUnavailable ? error.reason : 'the log kept moving');
      return;
    }
    settings.logger.error(`kindgi-mock: replica ${id}: ${(error as Error)?.stack ?? String(error)}`);
    suspect = true;
    storeUnavailable(turn, 'the replica failed to use it; see its log');
  };

  /**
   * A session's use the answer made is in the log before the answer leaves: a later request, on
   * any replica, counts the session's idle time from it.
   */
  const logUses = async (): Promise<void> => {
    if (capture.hasDeferred) await appendDeferred();
  };

  /** Effects this replica applies once the log holds them: a session's use, an expiry. */
  const appendDeferred = async (): Promise<void> => {
    const effects = capture.takeDeferred();
    let seq: number | undefined;
    try {
      await client!.locked(applied, async (read) => {
        catchUpUnderLock(read);
        seq = applied + 1;
        return { append: { seq, effects }, result: undefined };
      });
      capture.quietly(() => effects.forEach((effect) => applyEffect(effect)));
      afterOwnAppend(seq!);
    } catch (error) {
      // Nothing applied: an expiry is asked for again by the next sweep, a use by the next request.
      for (const effect of effects) if (effect.kind === 'session-end') askedToEnd.delete(effect.id);
      if (error instanceof StoreUnavailable) goDown(error.reason);
      else if (!(error instanceof LogConflict)) settings.logger.error(`kindgi-mock: replica ${id}: ${(error as Error)?.stack ?? String(error)}`);
    }
  };

  const goDown = (reason: string): void => {
    if (state === 'down' || closed) return;
    state = 'down';
    downReason = reason;
    readsOnTheirWay = [];
    let probeFailureSaid = false;
    settings.logger.warn(`kindgi-mock: replica ${id} lost the store (${reason}); it answers 503 store-unavailable until the store is back`);
    const probe = async (): Promise<void> => {
      if (closed) return;
      try {
        await client!.probe();
        // Whatever this replica applied may be behind, or (after an unknown outcome) ahead: read it all.
        await rejoin();
        state = 'up';
        settings.logger.warn(`kindgi-mock: replica ${id} has the store back, at log position ${applied}`);
        kick();
      } catch (error) {
        // The store still away is what the probe expects; anything else is this replica's own failure, said once.
        if (!(error instanceof StoreUnavailable) && !probeFailureSaid) {
          probeFailureSaid = true;
          settings.logger.error(`kindgi-mock: replica ${id} could not read the log again: ${(error as Error)?.stack ?? String(error)}`);
        }
        setTimeout(() => void probe(), PROBE_MS).unref();
      }
    };
    setTimeout(() => void probe(), PROBE_MS).unref();
  };

  const sendRead = (): PendingRead => {
    const read = client!.readAfter(applied);
    read.catch(() => {});
    return { covers: arrivals, read };
  };

  const leadingReads = (covers: number): number => {
    let count = 0;
    while (count < queue.length && READ_METHODS.has(queue[count]!.request.method) && queue[count]!.arrival <= covers) count += 1;
    return count;
  };

  /**
   * Sends a read of the log for the reads that came since the last one was sent, while fewer than
   * READS_ON_THEIR_WAY are: their round trips overlap each other and the answers before them.
   */
  const sendReadIfNeeded = (): void => {
    if (state !== 'up' || readsOnTheirWay.length >= READS_ON_THEIR_WAY) return;
    const newest = readsOnTheirWay.at(-1);
    if (newest && newest.covers >= arrivals) return;
    readsOnTheirWay.push(sendRead());
  };

  /** The reads at the front that came before a read of the log was sent, answered after it. */
  const nextReads = async (): Promise<void> => {
    // A read that covers none of these (they were answered another way) is of no more use.
    while (readsOnTheirWay.length > 0 && readsOnTheirWay[0]!.covers < queue[0]!.arrival) readsOnTheirWay.shift();
    const pending = readsOnTheirWay.shift() ?? sendRead();
    let read: LogRead | undefined;
    let error: unknown;
    try {
      read = await pending.read;
    } catch (failure) {
      error = failure;
    }
    const turns = queue.splice(0, leadingReads(pending.covers));
    if (error !== undefined) {
      for (const turn of turns) failed(turn, error);
      return;
    }
    sendReadIfNeeded();
    await runReads(turns, read!);
  };

  const pump = async (): Promise<void> => {
    if (pumping || state === 'starting') return;
    pumping = true;
    try {
      while (queue.length > 0 || capture.hasDeferred || behind) {
        if (state === 'down') {
          for (const turn of queue.splice(0)) storeUnavailable(turn, `it has not come back since: ${downReason}`);
          capture.takeDeferred();
          behind = false;
          break;
        }
        if (suspect) {
          try {
            await rejoin();
          } catch (error) {
            goDown((error as Error).message);
            continue;
          }
        }
        if (queue.length === 0 && capture.hasDeferred) {
          await appendDeferred();
          continue;
        }
        if (queue.length === 0) {
          behind = false;
          try {
            await catchUp(await client!.readAfter(applied));
          } catch (error) {
            if (error instanceof StoreUnavailable) goDown(error.reason);
          }
          continue;
        }
        if (!READ_METHODS.has(queue[0]!.request.method)) await runWrite(queue.shift()!);
        else await nextReads();
        if (capture.hasDeferred && state === 'up') await appendDeferred();
      }
    } finally {
      pumping = false;
    }
  };

  /**
   * Every replica's journal lists every replica's requests, each marked with its replica, a tenth
   * of a second or so apart; another replica's successful answers show their first SHARED_BODY_BYTES.
   */
  const shareJournal = (journal: RequestJournal): void => {
    let mark = 0;
    let upTo = -1;
    let unsent: JournalEntry[] = [];
    const sync = async (): Promise<void> => {
      if (closed) return;
      const own = journal.ownSince(mark, SHARED_BODY_BYTES);
      mark = own.mark;
      const mine = [...unsent, ...own.entries].slice(-journal.capacity);
      unsent = [];
      try {
        const exchanged = await client!.exchangeJournal(mine.length > 0 ? JSON.stringify(mine) : undefined, upTo);
        upTo = exchanged.upTo;
        for (const batch of exchanged.theirs) for (const entry of JSON.parse(batch) as JournalEntry[]) journal.recordEntry(entry);
      } catch {
        // The store is away: this replica's entries wait for it (the newest of them, as many as the journal keeps).
        unsent = mine;
      }
      setTimeout(() => void sync(), JOURNAL_SYNC_MS).unref();
    };
    void sync();
  };

  /** Every second, the store learns this replica is alive: one started under its name is warned. */
  const sayAlive = (): void => {
    if (closed) return;
    if (state === 'up') client!.probe().catch(() => {});
    setTimeout(sayAlive, ALIVE_MS).unref();
  };

  const kick = (): void => {
    pump().catch((error: unknown) => {
      // Not expected (every turn's failure is caught): said, and the worlds are read again before the next turn.
      suspect = true;
      settings.logger.error(`kindgi-mock: replica ${id}: ${(error as Error)?.stack ?? String(error)}`);
    });
  };

  const sessionLog: SessionLog = {
    opened: (session, world) => {
      const { now, frozen } = world.clock.read();
      capture.record({ kind: 'session-open', session: { ...session, clock: { now, frozen, at: settings.clockSource() } } });
    },
    ended: (sessionId) => capture.record({ kind: 'session-end', id: sessionId }),
    used(sessionId, at, lastUsed, ttlSeconds) {
      // Logged often enough that idle time is counted within a second (or a tenth of a short TTL) of the last use.
      if (at - lastUsed >= Math.min(1000, ttlSeconds * 100)) capture.defer({ kind: 'session-use', id: sessionId, at });
    },
    expired(sessionId, at) {
      if (askedToEnd.has(sessionId)) return;
      askedToEnd.add(sessionId);
      capture.defer({ kind: 'session-end', id: sessionId, at });
      kick();
    },
    newCursorSecret: () => randomHexes(32, 1)[0]!,
  };

  return {
    id,
    capture,
    sessionLog,
    status: () => state,
    position: () => applied,
    respond(request, answer, refuse) {
      const take = () =>
        new Promise<CoreResponse>((resolve) => {
          arrivals += 1;
          queue.push({ request, answer, refuse, resolve, attempts: 0, arrival: arrivals });
          if (READ_METHODS.has(request.method)) sendReadIfNeeded();
          kick();
        });
      // The latency fault is waited out before the turn, not in it: the other requests go on meanwhile.
      const world = state === 'up' && request.path.startsWith('/v1/') ? worldByKey(worldKeyOfRequest(request)) : undefined;
      const wait = world ? latencyOf(world) : 0;
      return wait > 0 ? new Promise<void>((resolve) => setTimeout(resolve, wait)).then(take) : take();
    },
    start(mockWorlds) {
      worlds = mockWorlds;
      started ??= (async () => {
        client = await createStoreClient(settings.url, id, (message) => settings.logger.warn(`kindgi-mock: replica ${id}: ${message}`));
        try {
          const { startClock } = settings;
          const deployment = await client.prepare({
            worldSettings: settings.worldSettings,
            cursorSecret: settings.cursorSecret,
            ...(startClock ? { startClock: { ...startClock, at: settings.clockSource() } } : {}),
          });
          deploymentClock = deployment.startClock;
          if (deployment.namesakeSeenMsAgo !== undefined) {
            settings.logger.warn(
              `kindgi-mock: another replica named ${id} answered ${deployment.namesakeSeenMsAgo} ms ago (unless it is this one's previous run): the journal cannot tell two of one name apart; give each replica its own --replica-id`,
            );
          }
          if (!settings.cursorSecretGiven) mockWorlds.useCursorSecret(deployment.cursorSecret);
          await rejoin();
        } catch (error) {
          closed = true;
          state = 'down';
          for (const turn of queue.splice(0)) storeUnavailable(turn, 'this replica could not join the deployment');
          await client.close();
          if (error instanceof DeploymentMismatch) throw error;
          throw new Error(`the store at ${redacted(settings.url)} (store, --store) could not be used: ${(error as Error).message}`);
        }
        client.listen((seq) => {
          if (seq <= applied || state !== 'up') return;
          behind = true;
          kick();
        });
        state = 'up';
        kick();
        if (mockWorlds.journal.capacity > 0) shareJournal(mockWorlds.journal);
        sayAlive();
      })();
      return started;
    },
    async close() {
      closed = true;
      for (const turn of queue.splice(0)) storeUnavailable(turn, 'the mock is closing');
      await client?.close();
    },
  };
}

/** A store URL without its password, for messages. */
export function redacted(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the given URL';
  }
}
