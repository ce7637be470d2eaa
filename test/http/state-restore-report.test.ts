// A restart says what it restored (issue 36): how many writes, open approvals and kept answers,
// whether a compaction's snapshot was the start, the clock it kept, and how long it took; and a
// progress line, about once a second, while a restore takes longer than a second.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { restoredStateLine, restoreProgressLine } from '../../src/cli-state-lines.ts';
import { loadWorld } from '../../src/fixtures/load-world.ts';
import { createMock } from '../../src/index.ts';
import { loadSpec } from '../../src/spec/load-spec.ts';
import { openRestoredState, type RestoreProgress } from '../../src/store/state-restore.ts';
import { freshRuns } from '../support/fixture-picks.ts';
import { mockCliEnv } from '../support/run-node.ts';
import { silentLogger } from './support.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'kindgi-restore-report-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the restore summary and its lines', () => {
  it('a progress line per interval while the replay runs (the interval 0 here), line by line up to the last', () => {
    const file = join(folder, 'progress.jsonl');
    const document = loadSpec();
    const world = loadWorld(undefined, document);
    let now = Date.parse('2031-01-01T00:00:00Z');
    const first = openRestoredState(file, world, { document, clock: () => now });
    for (let n = 0; n < 300; n += 1) first.store.commit({ replies: [{ slot: `slot-${n}`, fingerprint: 'f', status: 201, text: '{}', expires: (now += 1) + 60_000 }] });
    first.journal.close();
    const seen: RestoreProgress[] = [];
    const again = openRestoredState(file, world, { document, clock: () => now, onProgress: (p) => seen.push(p), progressMs: 0 });
    again.journal.close();
    expect(seen.length).toBeGreaterThanOrEqual(4);
    expect(seen.every((p) => p.lines === 301 && p.line <= 301)).toBe(true);
    expect(seen.map((p) => p.line)).toEqual([...seen.map((p) => p.line)].sort((a, b) => a - b));
    expect(restoreProgressLine(file, seen[1]!)).toMatch(new RegExp(`^kindgi-mock: restoring --state ${file}: line \\d+ of 301 \\(\\d+\\.\\d s\\)$`));
    expect(again.summary).toMatchObject({ writes: 300, keptAnswers: 300, openApprovals: 0, lines: 301 });
    // Without a listener, or within the second, nothing is told.
    const quiet: RestoreProgress[] = [];
    openRestoredState(file, world, { document, clock: () => now, onProgress: (p) => quiet.push(p) }).journal.close();
    expect(quiet).toEqual([]);
  });

  it('the banner line names writes, a snapshot, approvals, answers, the clock and the time', () => {
    const line = restoredStateLine('/data/w.state', { writes: 1200, fromSnapshot: { writes: 1100 }, openApprovals: 1, keptAnswers: 2, clock: { now: Date.parse('2027-01-01T00:00:00Z'), frozen: true, at: 0 }, lines: 40, ms: 1234 });
    expect(line).toBe('  state: /data/w.state, 1200 writes restored (1100 from a compacted snapshot, 100 since), 1 open approval, 2 kept Idempotency-Key answers, the clock frozen at 2027-01-01T00:00:00.000Z as /__mock/clock left it, in 1.23 s; every write is kept there (one server per file)');
    expect(restoredStateLine('/w', { writes: 1, openApprovals: 0, keptAnswers: 0, lines: 2, ms: 5 })).toBe('  state: /w, 1 write restored, 0 open approvals, 0 kept Idempotency-Key answers, in 0.01 s; every write is kept there (one server per file)');
  });

  it('kindgi-mock --state FILE prints it in its banner', { timeout: 60_000 }, async () => {
    const file = join(folder, 'banner.jsonl');
    const mock = createMock({ stateFile: file, logger: silentLogger().logger });
    const [run] = freshRuns(1);
    const running = await mock.listen();
    const admin = mock.store.principals().find((p) => p.token.startsWith('kgm_admin_'))!;
    const made = await fetch(`${running.url}/v1/corrections`, { method: 'POST', headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json', 'idempotency-key': 'banner' }, body: JSON.stringify({ runId: run!.id, answer: 'wrong' }) });
    expect(made.status).toBe(201);
    await running.close();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', '--port', '0', '--state', file], { cwd: ROOT, env: mockCliEnv(join(folder, 'checked-worlds')), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no banner in 45 s:\n${stdout}`)), 45_000);
        child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
          stdout += chunk;
          if (stdout.includes('every token:')) {
            clearTimeout(timer);
            resolve();
          }
        });
        child.once('exit', () => reject(new Error(`exited:\n${stdout}`)));
      });
    } finally {
      child.kill('SIGKILL');
    }
    expect(stdout).toMatch(new RegExp(`state: ${file}, 1 write restored, 0 open approvals, 1 kept Idempotency-Key answer, in \\d+\\.\\d\\d s;`));
  });
});
