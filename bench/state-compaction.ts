// The `state-compaction` case (issue 36): a `--state` file after many mixed writes stays the size
// of the world, not of its history, and restarts fast. In process, driving the store directly (the
// write logic the routes call, not HTTP): corrections made, re-sorted, set and removed, pins and
// their decisions, half of them with an Idempotency-Key answer kept in the same line, the clock
// moving 2 s per write (so answers older than 24 h expire on the way, as in a long demo). Then the
// file's size against a fresh snapshot of the same world, and a restart (createMock on the file).
//
// Each write is synced as the mock syncs it only with `sync`: 200 000 fsyncs take some 10 minutes
// on a VM disk, and neither figure judged here depends on them (the compactions' own fsyncs and
// renames are real either way).
import { copyFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { isLive } from '../src/domain/correction-transitions.ts';
import { loadWorld } from '../src/fixtures/load-world.ts';
import { createMock } from '../src/index.ts';
import { loadSpec } from '../src/spec/load-spec.ts';
import { changeCorrection, createCorrection, removeCorrectionById } from '../src/store/correction-writes.ts';
import type { Outcome } from '../src/store/outcome.ts';
import { nodeStateFileSystem, type StateFileSystem } from '../src/store/state-fs.ts';
import { openRestoredState } from '../src/store/state-restore.ts';
import { decideApproval, pin } from '../src/store/suggested-change-writes.ts';
import type { TargetResult } from './report.ts';

export const STATE_COMPACTION_CASE = 'state-compaction';

export const STATE_TARGETS = { writes: 200_000, fileVsSnapshot: 3, restartMs: 3000 } as const;

export interface StateCompactionResult {
  /** Acknowledged writes made. */
  writes: number;
  /** Whether each write was fsynced as the mock does (`--state-sync`). */
  synced: boolean;
  writeSeconds: number;
  /** How often the file compacted itself on the way. */
  compactions: number;
  fileBytes: number;
  /** A snapshot of the same world written afresh: what the file is held against. */
  snapshotBytes: number;
  /** Every byte the journal wrote on the way: appends and compactions. */
  bytesWritten: number;
  /** createMock({ stateFile }) on the file, in this process (the world already loaded). */
  restartMs: number;
  restoredWrites: number;
  keptAnswers: number;
}

const HOUR = 60 * 60 * 1000;

/** Makes `writes` mixed writes on a state file in a temp folder, then measures it and a restart. */
export function measureStateCompaction(options: { writes: number; sync: boolean; log?: (line: string) => void; keepFileAs?: string }): StateCompactionResult {
  const folder = mkdtempSync(join(tmpdir(), 'kindgi-bench-state-'));
  const file = join(folder, 'world.state.jsonl');
  try {
    const document = loadSpec();
    const world = loadWorld(undefined, document);
    // A restart is a later start on the same machine: the first one remembered the checked world
    // and the compiled spec (createMock's default), so the restart below finds them.
    const checkedWorldsDir = join(folder, 'checked-worlds');
    createMock({ checkedWorldsDir, logger: { warn: () => {}, error: () => {} } }).close();
    let now = Date.parse('2031-01-01T00:00:00Z');
    let bytesWritten = 0;
    const fileSystem: StateFileSystem = {
      ...nodeStateFileSystem,
      write: (fd, data, offset, length, position) => {
        bytesWritten += length;
        return nodeStateFileSystem.write(fd, data, offset, length, position);
      },
      ...(options.sync ? {} : { fsync: () => {} }),
    };
    let compactions = 0;
    const state = openRestoredState(file, world, { document, clock: () => now, fileSystem });
    const admin = world.principals.find((p) => p.token.startsWith('kgm_admin_') && p.writeProjectIds.length > 0)!;
    const runs = world.runs.filter((r) => r.finished && admin.writeProjectIds.includes(r.projectId) && world.projects.find((p) => p.id === r.projectId)?.tenantId === admin.tenantId);
    const changes = world.suggestedChanges.filter((s) => !s.withdrawn && !s.pinned && !s.addedAsLatest);
    const latest = new Map<string, string>();
    const approvals: string[] = [];
    let acknowledged = 0;
    let n = 0;
    const at = () => new Date((now += 2000)).toISOString();
    const commit = <T>(outcome: Outcome<T>): void => {
      if (!outcome.ok) return;
      const key = n % 2 === 0;
      state.store.commit(key ? { ...outcome.changes, replies: [{ slot: `bench-${n}`, fingerprint: 'f', status: 200, text: JSON.stringify(outcome.value), expires: now + 24 * HOUR }] } : outcome.changes);
      acknowledged += 1;
    };
    const started = performance.now();
    let logged = started;
    const sizeBefore = () => state.journal.size();
    while (acknowledged < options.writes) {
      n += 1;
      const run = runs[(n * 7919) % runs.length]!;
      const kind = n % 20;
      const before = sizeBefore();
      if (kind < 8) {
        const made = createCorrection(state.store.lookup, admin, { runId: run.id, answer: 'wrong', why: `bench write ${n}` }, at(), `cor_bench${n.toString(36).padStart(8, '0')}`);
        commit(made);
        if (made.ok) latest.set(run.id, made.value.id);
      } else if (kind < 15 || kind === 19) {
        const id = latest.get(run.id);
        const correction = id === undefined ? undefined : state.store.lookup.correction(id);
        if (correction && isLive(correction)) {
          const change = kind === 19 ? removeCorrectionById(state.store.lookup, admin, correction.id, at())
            : changeCorrection(state.store.lookup, admin, correction.id, { status: (['open', 'being-fixed', 'wont-fix', 'fixed'] as const)[n % 4]! }, at());
          commit(change);
        }
      } else if (kind < 17) {
        const outcome = pin({ lookup: state.store.lookup, caller: admin, at: at(), newId: (prefix) => `${prefix}_bench${n}` }, changes[n % changes.length]!.id);
        if (outcome.ok && outcome.value.approvalId) approvals.push(outcome.value.approvalId);
        commit(outcome);
      } else {
        const approval = approvals.pop();
        if (approval) commit(decideApproval(state.store.lookup, admin, approval, n % 2 === 0 ? 'approve' : 'reject', at()));
      }
      if (state.journal.size() < before) compactions += 1;
      if (options.log && performance.now() - logged > 10_000) {
        logged = performance.now();
        options.log(`  state-compaction: ${acknowledged} of ${options.writes} writes, file ${(state.journal.size() / 2 ** 20).toFixed(1)} MB`);
      }
    }
    const writeSeconds = (performance.now() - started) / 1000;
    state.journal.close();
    const fileBytes = statSync(file).size;
    // To profile a restart of it again and again.
    if (options.keepFileAs) copyFileSync(file, options.keepFileAs);

    // The restart, timed as a user's second start: createMock on the file, with what the first start remembered.
    const restartStarted = performance.now();
    const mock = createMock({ stateFile: file, clock: () => now, checkedWorldsDir, logger: { warn: () => {}, error: () => {} } });
    const restartMs = performance.now() - restartStarted;
    const restored = mock.state!.restored;
    mock.close();

    // A fresh snapshot of the same world: the file compacted now, on a copy.
    const copy = join(folder, 'fresh.state.jsonl');
    copyFileSync(file, copy);
    const fresh = openRestoredState(copy, world, { document, clock: () => now, fileSystem: options.sync ? nodeStateFileSystem : fileSystem });
    fresh.journal.compact();
    const snapshotBytes = fresh.journal.size();
    fresh.journal.close();
    return { writes: acknowledged, synced: options.sync, writeSeconds, compactions, fileBytes, snapshotBytes, bytesWritten, restartMs, restoredWrites: restored.writes, keptAnswers: restored.keptAnswers };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The two targets, judged only on a run of STATE_TARGETS.writes writes or more. */
export function judgeStateTargets(result: StateCompactionResult | undefined): TargetResult[] {
  if (!result) return [];
  const full = result.writes >= STATE_TARGETS.writes;
  const ratio = result.fileBytes / result.snapshotBytes;
  return [
    {
      target: `--state file after ${count(STATE_TARGETS.writes)} mixed writes < ${STATE_TARGETS.fileVsSnapshot}× a fresh snapshot of the same world`,
      measured: `${ratio.toFixed(2)}× (${mb(result.fileBytes)} file, ${mb(result.snapshotBytes)} snapshot) after ${count(result.writes)} writes`,
      pass: full ? ratio < STATE_TARGETS.fileVsSnapshot : undefined,
    },
    {
      target: `restart on that file < ${STATE_TARGETS.restartMs / 1000} s`,
      measured: `${(result.restartMs / 1000).toFixed(2)} s after ${count(result.writes)} writes`,
      pass: full ? result.restartMs < STATE_TARGETS.restartMs : undefined,
    },
  ];
}

export function stateCompactionTable(result: StateCompactionResult): string[] {
  return [
    `| --state after mixed writes (in process${result.synced ? '' : ', appends not fsynced'}) | figure |`,
    '| --- | ---: |',
    `| writes acknowledged | ${count(result.writes)} in ${result.writeSeconds.toFixed(1)} s |`,
    `| compactions on the way | ${result.compactions} |`,
    `| file | ${mb(result.fileBytes)} |`,
    `| a fresh snapshot of the same world | ${mb(result.snapshotBytes)} (file ÷ snapshot ${(result.fileBytes / result.snapshotBytes).toFixed(2)}×) |`,
    `| bytes written in all (appends and compactions) | ${mb(result.bytesWritten)} |`,
    `| restart: createMock on the file | ${(result.restartMs / 1000).toFixed(2)} s (${count(result.restoredWrites)} writes, ${count(result.keptAnswers)} kept answers restored) |`,
  ];
}

const count = (n: number) => n.toLocaleString('en-GB').replaceAll(',', ' ');
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
