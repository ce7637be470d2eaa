// What the store needs of the loaded suggested changes, found by one walk and kept with a verdict:
// the open approvals, the running checks and the counts by status, as the records say.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deriveSuggestedChangeStatus } from '../../src/domain/suggested-change-status.ts';
import type { StoredSuggestedChange } from '../../src/domain/world.ts';
import { EMBEDDED_FIXTURES_DIR } from '../../src/fixtures/world-files.ts';
import { isLoadedChangeFacts, loadedApprovals, loadedChangeFacts, loadedChecks } from '../../src/store/loaded-change-facts.ts';

const changes = JSON.parse(readFileSync(join(EMBEDDED_FIXTURES_DIR, 'suggested-changes.json'), 'utf8')) as StoredSuggestedChange[];

describe('loadedChangeFacts', () => {
  it('finds the open approvals, the running checks and the counts by status of the loaded suggested changes', () => {
    const facts = loadedChangeFacts(changes);
    const waiting = changes.filter((s) => s.approvalId && !s.pinned && !s.addedAsLatest && !s.withdrawn);
    const checking = changes.filter((s) => s.check.status === 'running' && !s.withdrawn);
    expect(waiting.length).toBeGreaterThan(0);
    expect(checking.length).toBeGreaterThan(0);
    expect(facts.approvals).toEqual(waiting.map((s) => [s.approvalId, s.id]));
    expect(facts.checking).toEqual(checking.map((s) => s.id));
    expect(Object.values(facts.tally).reduce((a, b) => a + b, 0)).toBe(changes.length);
    for (const [status, count] of Object.entries(facts.tally)) expect(changes.filter((s) => deriveSuggestedChangeStatus(s) === status)).toHaveLength(count);
    const approval = loadedApprovals(facts).get(waiting[0]!.approvalId!)!;
    expect(approval).toEqual({ id: waiting[0]!.approvalId, suggestedChangeId: waiting[0]!.id, pinnedBy: { kind: 'user', id: '(not recorded)' }, pinChangeId: `pch_${waiting[0]!.approvalId!.replace(/^apr_/, '')}` });
    expect(loadedChecks(facts).get(checking[0]!.id)).toEqual({ suggestedChangeId: checking[0]!.id, endsAt: Number.POSITIVE_INFINITY, fails: false });
  });

  it('takes back from JSON only facts of that shape', () => {
    const facts = JSON.parse(JSON.stringify(loadedChangeFacts(changes))) as unknown;
    expect(isLoadedChangeFacts(facts)).toBe(true);
    for (const broken of [null, [], {}, { approvals: [], checking: [] }, { approvals: [['apr_1']], checking: [], tally: {} }, { approvals: [], checking: [1], tally: {} }, { approvals: [], checking: [], tally: { ready: 0.5 } }, { approvals: [], checking: [], tally: { ready: 0 } }]) {
      expect(isLoadedChangeFacts(broken), JSON.stringify(broken)).toBe(false);
    }
  });
});
