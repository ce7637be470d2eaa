// checkWorld: a tiny valid world keeps every rule; a single change to it breaks exactly the
// relational rule it should, naming the collection and the record.
import { describe, expect, it } from 'vitest';
import type { Correction } from '../../src/domain/types.ts';
import type { World } from '../../src/domain/world.ts';
import { WORLD_COLLECTIONS, runCopyOf } from '../../src/domain/world.ts';
import { type WorldViolation, checkWorld, liveKey } from '../../src/domain/world-rules.ts';
import { SC_ID, T0, T1, T2, T3, TEST_RUN_NOW, TEST_RUN_WITH } from './examples.ts';

const PROJECT = '5d6a7f1e-3b2c-4d8e-9f01-23456789abcd';

/** 1 tenant, org and project; a user and a service; an agent the user owns with a 2-version block;
 * a test set; 2 corrected runs; 2 corrections; a suggested change fixing the first, linked back. */
const VALID_WORLD: World = {
  tenants: [{ id: 'ten_1', name: 'Acme' }],
  orgs: [{ id: 'org_1', tenantId: 'ten_1', name: 'Support' }],
  projects: [{ id: PROJECT, tenantId: 'ten_1', orgId: 'org_1', name: 'Refunds', followsLatest: true, releaseGate: 'none', testSetId: 'ts_1' }],
  principals: [
    {
      token: 'tok_user', kind: 'user', id: 'usr_1', name: 'Ada', tenantId: 'ten_1', role: 'admin',
      readProjectIds: [PROJECT], writeProjectIds: [PROJECT], purpose: 'owns the refund agent',
    },
    {
      token: 'tok_app', kind: 'service', id: 'svc_1', name: 'Chat app', tenantId: 'ten_1', role: 'member',
      readProjectIds: [PROJECT], writeProjectIds: [PROJECT], actsForEndUsers: true, purpose: 'corrects for its end users',
    },
  ],
  correctorGroups: [],
  agents: [{ id: 'agt_1', tenantId: 'ten_1', projectId: PROJECT, name: 'Refund helper', ownerId: 'usr_1', versions: ['3', '4'] }],
  flows: [],
  blocks: [{
    id: 'blk_tone', agentId: 'agt_1', kind: 'prompt', name: 'tone',
    versions: [{ version: 'v2', content: { template: 'Be brief.' } }, { version: 'v3', content: { template: 'Be kind and brief.' } }],
  }],
  testSets: [{ id: 'ts_1', projectId: PROJECT, version: '7', name: 'Refund cases' }],
  runs: [
    {
      id: 'run_1', tenantId: 'ten_1', projectId: PROJECT, subject: { kind: 'agent', id: 'agt_1', version: '3' },
      finished: true, startedAt: '2026-03-01T09:00:00Z', input: { message: 'Can I get a refund?' },
      output: { matches: ['case_1', 'case_2'] }, capturedAt: T0,
    },
    {
      id: 'run_2', tenantId: 'ten_1', projectId: PROJECT, subject: { kind: 'agent', id: 'agt_1', version: '3' },
      finished: true, startedAt: '2026-03-02T09:00:00Z', input: { message: 'Where is my order?' },
      output: 'It ships tomorrow.', capturedAt: T1,
    },
  ],
  corrections: [
    {
      id: 'cor_1', tenantId: 'ten_1', projectId: PROJECT, runId: 'run_1', subject: { kind: 'agent', id: 'agt_1', version: '3' },
      answer: 'wrong', shouldSay: 'Refunds are possible within 30 days.',
      items: [{ key: 'case_1', pointer: '/matches/0', rank: 0, verdict: 'wrong' }],
      madeBy: { kind: 'user', id: 'usr_1' }, status: 'being-fixed', link: { kind: 'suggested-change', id: SC_ID },
      createdAt: T0, updatedAt: T2,
    },
    {
      id: 'cor_2', tenantId: 'ten_1', projectId: PROJECT, runId: 'run_2', subject: { kind: 'agent', id: 'agt_1', version: '3' },
      decisions: 'wrong', shouldCall: [{ tool: 'orders.track', args: { orderId: 'ord_9' } }],
      madeBy: { kind: 'service', id: 'svc_1' }, participantId: 'end_user_7', status: 'open',
      createdAt: T1, updatedAt: T1,
    },
  ],
  suggestedChanges: [{
    id: SC_ID, agentId: 'agt_1', projectId: PROJECT, madeBy: { kind: 'person', userId: 'usr_1' },
    builtOn: { version: '3' }, version: '4',
    changes: [{ kind: 'block', blockId: 'blk_tone', from: 'v2', to: 'v3' }],
    why: 'Refunds are quoted as 14 days\nThe policy says 30.', fixes: ['cor_1'],
    check: {
      status: 'done', testSetId: 'ts_1', testSetVersion: '7',
      now: { testRunId: TEST_RUN_NOW, passing: 1, of: 2 }, with: { testRunId: TEST_RUN_WITH, passing: 2, of: 2 },
      newlyFailing: [], startedAt: T2,
    },
    createdAt: T2, updatedAt: T2,
  }],
};

/** A copy of the valid world with `change` applied. */
function worldWith(change: (world: World) => void): World {
  const world = structuredClone(VALID_WORLD);
  change(world);
  return world;
}

/** The record `id` (a principal's token) of a collection in `world`, or a failed test. */
function record<K extends 'corrections' | 'runs' | 'principals' | 'agents' | 'projects' | 'suggestedChanges' | 'orgs' | 'blocks'>(
  world: World, collection: K, id: string,
): World[K][number] {
  const key = (r: { id?: string; token?: string }) => (collection === 'principals' ? r.token : r.id);
  const found = (world[collection] as Array<{ id?: string; token?: string }>).find((r) => key(r) === id);
  if (!found) throw new Error(`no ${collection} ${id}`);
  return found as World[K][number];
}

const correction = (world: World, id: string) => record(world, 'corrections', id) as Correction;

/** Asserts that the world breaks `rule` exactly at the given records and fields (other rules may follow from the same change). */
function expectRule(world: World, rule: string, at: Array<Pick<WorldViolation, 'collection' | 'recordId' | 'field'>>): WorldViolation[] {
  const found = checkWorld(world);
  expect(found.filter((v) => v.rule === rule).map(({ collection, recordId, field }) => ({ collection, recordId, field })), JSON.stringify(found, null, 1))
    .toEqual(at);
  for (const v of found) expect(v.message.length).toBeGreaterThan(0);
  return found;
}

describe('the valid world', () => {
  it('breaks no rule', () => {
    expect(checkWorld(VALID_WORLD)).toEqual([]);
  });

  it('stays valid when the first correction is superseded by a later one of the same run, maker and participant', () => {
    const world = worldWith((w) => {
      const first = correction(w, 'cor_2');
      w.corrections.push({ ...structuredClone(first), id: 'cor_3', createdAt: T2, updatedAt: T2 });
      Object.assign(first, { supersededBy: 'cor_3', unregisteredAt: T2, updatedAt: T2 });
    });
    expect(checkWorld(world)).toEqual([]);
  });

  it('stays valid with two live corrections of one run by the same app for different participants', () => {
    const world = worldWith((w) => {
      w.corrections.push({ ...structuredClone(correction(w, 'cor_2')), id: 'cor_3', participantId: 'end_user_8', createdAt: T2, updatedAt: T2 });
    });
    expect(checkWorld(world)).toEqual([]);
  });

  it('names every collection it checks', () => {
    expect(Object.keys(VALID_WORLD).sort()).toEqual([...WORLD_COLLECTIONS].sort());
  });
});

describe('liveKey', () => {
  it('is the run, the maker and the participant', () => {
    expect(liveKey(correction(VALID_WORLD, 'cor_2'))).toBe('run_2|service:svc_1|end_user_7');
    expect(liveKey(correction(VALID_WORLD, 'cor_1'))).toBe('run_1|user:usr_1|');
  });
});

describe('runCopyOf', () => {
  it('copies a corrected run as its corrections carry it', () => {
    expect(runCopyOf(record(VALID_WORLD, 'runs', 'run_2'))).toEqual({
      runId: 'run_2', subject: { kind: 'agent', id: 'agt_1', version: '3' }, input: { message: 'Where is my order?' },
      output: 'It ships tomorrow.', capturedAt: T1,
    });
  });

  it('refuses a run nobody corrected', () => {
    const { capturedAt: _c, ...run } = record(VALID_WORLD, 'runs', 'run_2');
    expect(() => runCopyOf(run)).toThrow(/run_2 has no copy/);
  });
});

describe('checkWorld relational rules', () => {
  it('unique-ids: a tenant listed twice', () => {
    expectRule(worldWith((w) => w.tenants.push({ id: 'ten_1', name: 'Acme again' })), 'unique-ids', [{ collection: 'tenants', recordId: 'ten_1', field: 'id' }]);
  });

  it('unique-ids: two principals with the same token', () => {
    const world = worldWith((w) => w.principals.push({ ...structuredClone(record(w, 'principals', 'tok_app')), id: 'svc_2' }));
    expectRule(world, 'unique-ids', [{ collection: 'principals', recordId: 'tok_app', field: 'id' }]);
  });

  it('known-tenant: an org of a tenant that does not exist', () => {
    expectRule(worldWith((w) => { record(w, 'orgs', 'org_1').tenantId = 'ten_x'; }), 'known-tenant', [{ collection: 'orgs', recordId: 'org_1', field: 'tenantId' }]);
  });

  it('known-tenant: a principal of a tenant that does not exist', () => {
    expectRule(worldWith((w) => { record(w, 'principals', 'tok_app').tenantId = 'ten_x'; }), 'known-tenant', [{ collection: 'principals', recordId: 'tok_app', field: 'tenantId' }]);
  });

  it('org-in-tenant: a project in an org that does not exist', () => {
    expectRule(worldWith((w) => { record(w, 'projects', PROJECT).orgId = 'org_x'; }), 'org-in-tenant', [{ collection: 'projects', recordId: PROJECT, field: 'orgId' }]);
  });

  it('own-test-set: a project whose test set does not exist', () => {
    expectRule(worldWith((w) => { record(w, 'projects', PROJECT).testSetId = 'ts_x'; }), 'own-test-set', [{ collection: 'projects', recordId: PROJECT, field: 'testSetId' }]);
  });

  it('known-project: a principal that may read a project that does not exist', () => {
    const world = worldWith((w) => { record(w, 'principals', 'tok_user').readProjectIds.push('prj_x'); });
    expectRule(world, 'known-project', [{ collection: 'principals', recordId: 'tok_user', field: 'readProjectIds' }]);
  });

  it('same-tenant: an agent in another tenant than its project', () => {
    expectRule(worldWith((w) => { record(w, 'agents', 'agt_1').tenantId = 'ten_2'; }), 'same-tenant', [{ collection: 'agents', recordId: 'agt_1', field: 'projectId' }]);
  });

  it('write-implies-read: a principal that may write a project it may not read', () => {
    expectRule(worldWith((w) => { record(w, 'principals', 'tok_app').readProjectIds = []; }), 'write-implies-read', [{ collection: 'principals', recordId: 'tok_app', field: 'writeProjectIds' }]);
  });

  it('owner-is-a-user: an agent owned by a service token', () => {
    expectRule(worldWith((w) => { record(w, 'agents', 'agt_1').ownerId = 'svc_1'; }), 'owner-is-a-user', [{ collection: 'agents', recordId: 'agt_1', field: 'ownerId' }]);
  });

  it('owner-is-a-user: an agent owned by nobody in the world', () => {
    expectRule(worldWith((w) => { record(w, 'agents', 'agt_1').ownerId = 'usr_x'; }), 'owner-is-a-user', [{ collection: 'agents', recordId: 'agt_1', field: 'ownerId' }]);
  });

  it('known-agent: a block of an agent that does not exist', () => {
    expectRule(worldWith((w) => { record(w, 'blocks', 'blk_tone').agentId = 'agt_x'; }), 'known-agent', [{ collection: 'blocks', recordId: 'blk_tone', field: 'agentId' }]);
  });

  it('known-agent: a suggested change of an agent that does not exist', () => {
    expectRule(worldWith((w) => { record(w, 'suggestedChanges', SC_ID).agentId = 'agt_x'; }), 'known-agent', [{ collection: 'suggestedChanges', recordId: SC_ID, field: 'agentId' }]);
  });

  it('known-subject: a run of an agent that does not exist', () => {
    expectRule(worldWith((w) => { record(w, 'runs', 'run_2').subject.id = 'agt_x'; }), 'known-subject', [{ collection: 'runs', recordId: 'run_2', field: 'subject.id' }]);
  });

  it('known-subject: a run of a flow that does not exist', () => {
    expectRule(worldWith((w) => { record(w, 'runs', 'run_2').subject.kind = 'flow'; }), 'known-subject', [{ collection: 'runs', recordId: 'run_2', field: 'subject.id' }]);
  });

  it('known-version: a run of an agent version that does not exist', () => {
    expectRule(worldWith((w) => { record(w, 'runs', 'run_2').subject.version = '9'; }), 'known-version', [{ collection: 'runs', recordId: 'run_2', field: 'subject.version' }]);
  });

  it('known-version: a suggested change built on an agent version that does not exist', () => {
    const world = worldWith((w) => { record(w, 'suggestedChanges', SC_ID).builtOn.version = '9'; });
    expectRule(world, 'known-version', [{ collection: 'suggestedChanges', recordId: SC_ID, field: 'builtOn.version' }]);
  });

  it('known-version: a suggested change whose own version the agent does not have', () => {
    const world = worldWith((w) => { record(w, 'suggestedChanges', SC_ID).version = '9'; });
    expectRule(world, 'known-version', [{ collection: 'suggestedChanges', recordId: SC_ID, field: 'version' }]);
  });

  it('known-replayed-run: a replay of a run that does not exist', () => {
    expectRule(worldWith((w) => { record(w, 'runs', 'run_2').replayOf = 'run_x'; }), 'known-replayed-run', [{ collection: 'runs', recordId: 'run_2', field: 'replayOf' }]);
  });

  it('known-run: a correction of a run that does not exist', () => {
    expectRule(worldWith((w) => { correction(w, 'cor_2').runId = 'run_x'; }), 'known-run', [{ collection: 'corrections', recordId: 'cor_2', field: 'runId' }]);
  });

  it('run-in-project: a correction in another project than its run', () => {
    expectRule(worldWith((w) => { correction(w, 'cor_2').projectId = 'prj_2'; }), 'run-in-project', [{ collection: 'corrections', recordId: 'cor_2', field: 'projectId' }]);
  });

  it('run-finished: a correction of a run that has not finished', () => {
    expectRule(worldWith((w) => { record(w, 'runs', 'run_2').finished = false; }), 'run-finished', [{ collection: 'corrections', recordId: 'cor_2', field: 'runId' }]);
  });

  it('run-copied: a correction of a run with no copy', () => {
    expectRule(worldWith((w) => { delete record(w, 'runs', 'run_2').capturedAt; }), 'run-copied', [{ collection: 'corrections', recordId: 'cor_2', field: 'runId' }]);
  });

  it('known-maker: a correction made by nobody in its tenant', () => {
    expectRule(worldWith((w) => { correction(w, 'cor_2').madeBy.id = 'svc_x'; }), 'known-maker', [{ collection: 'corrections', recordId: 'cor_2', field: 'madeBy.id' }]);
  });

  it('known-maker: a correction whose maker kind is not the principal\'s kind', () => {
    expectRule(worldWith((w) => { correction(w, 'cor_2').madeBy.kind = 'user'; }), 'known-maker', [{ collection: 'corrections', recordId: 'cor_2', field: 'madeBy.id' }]);
  });

  it('known-corrector-group: a correction under a corrector group that does not exist', () => {
    expectRule(worldWith((w) => { correction(w, 'cor_2').correctorGroupId = 'grp_x'; }), 'known-corrector-group', [{ collection: 'corrections', recordId: 'cor_2', field: 'correctorGroupId' }]);
  });

  it('known-corrector-group: a correction under another tenant\'s corrector group', () => {
    const world = worldWith((w) => {
      w.correctorGroups.push({ id: 'grp_1', tenantId: 'ten_2', name: 'Agents' });
      correction(w, 'cor_2').correctorGroupId = 'grp_1';
    });
    expectRule(world, 'known-corrector-group', [{ collection: 'corrections', recordId: 'cor_2', field: 'correctorGroupId' }]);
  });

  it('item-pointer-resolves: an item pointing at nothing in its run\'s output', () => {
    const world = worldWith((w) => {
      const [item] = correction(w, 'cor_1').items ?? [];
      if (item) item.pointer = '/matches/9';
    });
    expectRule(world, 'item-pointer-resolves', [{ collection: 'corrections', recordId: 'cor_1', field: 'items[0].pointer' }]);
  });

  it('known-successor: a correction superseded by one that does not exist', () => {
    const world = worldWith((w) => { Object.assign(correction(w, 'cor_2'), { supersededBy: 'cor_x', unregisteredAt: T1 }); });
    expectRule(world, 'known-successor', [{ collection: 'corrections', recordId: 'cor_2', field: 'supersededBy' }]);
  });

  it('superseded-by-same-maker: a correction superseded by one of another run and maker', () => {
    const world = worldWith((w) => { Object.assign(correction(w, 'cor_1'), { supersededBy: 'cor_2', unregisteredAt: T2 }); });
    expectRule(world, 'superseded-by-same-maker', [{ collection: 'corrections', recordId: 'cor_1', field: 'supersededBy' }]);
  });

  it('superseded-by-later: a correction superseded by one made before it', () => {
    const world = worldWith((w) => {
      record(w, 'runs', 'run_2').capturedAt = '2026-03-02T09:30:00Z';
      const later = correction(w, 'cor_2');
      w.corrections.push({ ...structuredClone(later), id: 'cor_0', createdAt: '2026-03-02T09:30:00Z', updatedAt: '2026-03-02T09:30:00Z' });
      Object.assign(later, { supersededBy: 'cor_0', unregisteredAt: T2, updatedAt: T2 });
    });
    const found = expectRule(world, 'superseded-by-later', [{ collection: 'corrections', recordId: 'cor_2', field: 'supersededBy' }]);
    expect(found.map((v) => v.rule)).toEqual(['superseded-by-later']);
  });

  it('one-live-per-run-maker-participant: a second live correction of the same run, maker and participant', () => {
    const world = worldWith((w) => { w.corrections.push({ ...structuredClone(correction(w, 'cor_2')), id: 'cor_3', createdAt: T2, updatedAt: T2 }); });
    const found = expectRule(world, 'one-live-per-run-maker-participant', [{ collection: 'corrections', recordId: 'cor_3', field: 'supersededBy' }]);
    expect(found.map((v) => v.rule)).toEqual(['one-live-per-run-maker-participant']);
  });

  it('one-live-per-run-maker-participant: leaves out a removed correction, which is no longer live', () => {
    const world = worldWith((w) => {
      const earlier = correction(w, 'cor_2');
      w.corrections.push({ ...structuredClone(earlier), id: 'cor_3', createdAt: T2, updatedAt: T2 });
      Object.assign(earlier, { status: 'removed', unregisteredAt: T2, updatedAt: T2 });
    });
    expect(checkWorld(world)).toEqual([]);
  });

  it('link-points-back: a correction linked to a suggested change that does not list it', () => {
    const world = worldWith((w) => { record(w, 'suggestedChanges', SC_ID).fixes = []; });
    expectRule(world, 'link-points-back', [{ collection: 'corrections', recordId: 'cor_1', field: 'link.id' }]);
  });

  it('link-points-back: a correction linked to a suggested change that does not exist', () => {
    const world = worldWith((w) => { correction(w, 'cor_1').link = { kind: 'suggested-change', id: '00000000-0000-4000-8000-000000000000' }; });
    expectRule(world, 'link-points-back', [{ collection: 'corrections', recordId: 'cor_1', field: 'link.id' }]);
  });

  it('copied-when-corrected: a copy of a run nobody corrected', () => {
    const world = worldWith((w) => { w.corrections = w.corrections.filter((c) => c.id !== 'cor_2'); });
    expectRule(world, 'copied-when-corrected', [{ collection: 'runs', recordId: 'run_2', field: 'capturedAt' }]);
  });

  it('copied-when-corrected: a copy taken after the run\'s first correction', () => {
    const world = worldWith((w) => { record(w, 'runs', 'run_2').capturedAt = T2; });
    expectRule(world, 'copied-when-corrected', [{ collection: 'runs', recordId: 'run_2', field: 'capturedAt' }]);
  });

  it('agent-in-project: a suggested change for another project than its agent\'s', () => {
    const world = worldWith((w) => { record(w, 'suggestedChanges', SC_ID).projectId = '9b2f7c1a-0000-4000-8000-000000000001'; });
    expectRule(world, 'agent-in-project', [{ collection: 'suggestedChanges', recordId: SC_ID, field: 'projectId' }]);
  });

  it('fixes-known-corrections: a suggested change fixing a correction that does not exist', () => {
    const world = worldWith((w) => { record(w, 'suggestedChanges', SC_ID).fixes.push('cor_x'); });
    expectRule(world, 'fixes-known-corrections', [{ collection: 'suggestedChanges', recordId: SC_ID, field: 'fixes[1]' }]);
  });

  it('known-block: a block change of a block that does not exist', () => {
    const world = worldWith((w) => {
      const [change] = record(w, 'suggestedChanges', SC_ID).changes;
      if (change) change.blockId = 'blk_x';
    });
    expectRule(world, 'known-block', [{ collection: 'suggestedChanges', recordId: SC_ID, field: 'changes[0].blockId' }]);
  });

  it('known-block: a block change of another agent\'s block', () => {
    const world = worldWith((w) => {
      w.agents.push({ ...structuredClone(record(w, 'agents', 'agt_1')), id: 'agt_2' });
      w.blocks.push({ ...structuredClone(record(w, 'blocks', 'blk_tone')), id: 'blk_other', agentId: 'agt_2' });
      const [change] = record(w, 'suggestedChanges', SC_ID).changes;
      if (change) change.blockId = 'blk_other';
    });
    expectRule(world, 'known-block', [{ collection: 'suggestedChanges', recordId: SC_ID, field: 'changes[0].blockId' }]);
  });

  it('known-block-version: a block change to a version the block does not have', () => {
    const world = worldWith((w) => {
      const [change] = record(w, 'suggestedChanges', SC_ID).changes;
      if (change) change.to = 'v9';
    });
    expectRule(world, 'known-block-version', [{ collection: 'suggestedChanges', recordId: SC_ID, field: 'changes[0].to' }]);
  });

  it('known-block-version: a block change from a version the block does not have', () => {
    const world = worldWith((w) => {
      const [change] = record(w, 'suggestedChanges', SC_ID).changes;
      if (change) change.from = 'v1';
    });
    expectRule(world, 'known-block-version', [{ collection: 'suggestedChanges', recordId: SC_ID, field: 'changes[0].from' }]);
  });

  it('known-test-set: a check on a test set that does not exist', () => {
    const world = worldWith((w) => { record(w, 'suggestedChanges', SC_ID).check.testSetId = 'ts_x'; });
    expectRule(world, 'known-test-set', [{ collection: 'suggestedChanges', recordId: SC_ID, field: 'check.testSetId' }]);
  });
});

describe('checkWorld record rules', () => {
  it("reports a correction's own rule under corrections with its id", () => {
    const world = worldWith((w) => { correction(w, 'cor_2').status = 'with-owner'; });
    expect(checkWorld(world).map(({ collection, recordId, rule, field }) => ({ collection, recordId, rule, field }))).toEqual([
      { collection: 'corrections', recordId: 'cor_2', rule: 'with-owner-means-sorted-to-owner', field: 'sortedTo' },
    ]);
  });

  it("reports a run copy's rule under the correction that carries it", () => {
    const world = worldWith((w) => { record(w, 'runs', 'run_2').segments = [{ key: 'Company', value: 'Acme' }]; });
    expect(checkWorld(world).map(({ collection, recordId, rule, field }) => ({ collection, recordId, rule, field }))).toEqual([
      { collection: 'corrections', recordId: 'cor_2', rule: 'segment-keys-lowercase', field: 'run.segments[0].key' },
    ]);
  });

  it("reports a suggested change's own rule, checked as the API answers it", () => {
    const world = worldWith((w) => { record(w, 'suggestedChanges', SC_ID).madeBy = { kind: 'person' }; });
    expect(checkWorld(world).map(({ collection, recordId, rule, field }) => ({ collection, recordId, rule, field }))).toEqual([
      { collection: 'suggestedChanges', recordId: SC_ID, rule: 'made-by-carries-its-id', field: 'madeBy.userId' },
    ]);
  });

  it('reports a stored suggested change with no projectId, not marked made before projects, under no-project-only-made-before', () => {
    const world = worldWith((w) => {
      const change = record(w, 'suggestedChanges', SC_ID);
      delete change.projectId;
      delete change.check.now;
      delete change.check.newlyFailing;
    });
    expect(checkWorld(world).map(({ collection, recordId, rule, field }) => ({ collection, recordId, rule, field }))).toEqual([
      { collection: 'suggestedChanges', recordId: SC_ID, rule: 'no-project-only-made-before', field: 'madeBeforeProjects' },
    ]);
  });

  it('keeps a suggested change made before projects, with or without its project, whose check has no now', () => {
    for (const keepsProject of [true, false]) {
      const world = worldWith((w) => {
        const change = record(w, 'suggestedChanges', SC_ID);
        change.madeBeforeProjects = true;
        if (!keepsProject) delete change.projectId;
        delete change.check.now;
        delete change.check.newlyFailing;
      });
      expect(checkWorld(world), `keeps its project: ${keepsProject}`).toEqual([]);
    }
  });

  it('reports one made before projects whose check has a now under made-before-check-has-no-now', () => {
    const world = worldWith((w) => { record(w, 'suggestedChanges', SC_ID).madeBeforeProjects = true; });
    expect(checkWorld(world).map(({ collection, recordId, rule, field }) => ({ collection, recordId, rule, field }))).toEqual([
      { collection: 'suggestedChanges', recordId: SC_ID, rule: 'made-before-check-has-no-now', field: 'check.now' },
    ]);
  });

  it('checks the suggested change with its fixes cut to 100 and counted', () => {
    const world = worldWith((w) => {
      const extra = Array.from({ length: 120 }, (_, i) => ({ ...structuredClone(correction(w, 'cor_1')), id: `cor_x${i}` }));
      record(w, 'suggestedChanges', SC_ID).fixes.push(...extra.map((c) => c.id));
      w.corrections.push(...extra.map((c) => ({ ...c, link: undefined, status: 'open' as const, supersededBy: 'cor_1', unregisteredAt: T3, updatedAt: T3 })));
    });
    expect(checkWorld(world).filter((v) => v.collection === 'suggestedChanges')).toEqual([]);
  });
});
