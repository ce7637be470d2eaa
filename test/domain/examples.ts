// Valid example records the domain tests derive their variants from (with spreads or structuredClone).
import { expect } from 'vitest';
import type { Violation } from '../../src/domain/rule.ts';
import type { Correction, CorrectionWithCopies, SuggestedChange } from '../../src/domain/types.ts';

export const T0 = '2026-03-01T10:00:00Z';
export const T1 = '2026-03-02T10:00:00Z';
export const T2 = '2026-03-03T10:00:00Z';
export const T3 = '2026-03-04T10:00:00Z';
export const T4 = '2026-03-05T10:00:00Z';

export const USER = { kind: 'user', id: 'usr_1' } as const;
export const SERVICE = { kind: 'service', id: 'svc_1' } as const;

/** A live, unsorted correction that says something about its decisions, its answer and its items. */
export const validCorrection: Correction = {
  id: 'cor_1',
  tenantId: 'ten_1',
  projectId: 'prj_1',
  runId: 'run_1',
  subject: { kind: 'agent', id: 'agt_1', version: '3' },
  decisions: 'wrong',
  shouldCall: [{ tool: 'refunds.lookup', args: { orderId: 'ord_1' } }],
  mustNotCall: ['refunds.issue'],
  answer: 'wrong',
  shouldSay: 'Refunds are possible within 30 days.',
  why: 'The policy changed in January.',
  items: [
    { key: 'case_1', pointer: '/matches/0', rank: 0, verdict: 'right' },
    { key: 'case_2', pointer: '/matches/1', rank: 1, verdict: 'wrong' },
  ],
  madeBy: USER,
  status: 'open',
  createdAt: T0,
  updatedAt: T0,
};

/** `validCorrection` fixed by a pin of version 4. */
export const fixedCorrection: Correction = {
  ...validCorrection,
  status: 'fixed',
  fixedIn: { version: '4', how: 'pin', by: USER, at: T1 },
  updatedAt: T1,
};

/** `fixedCorrection` after a test run got it wrong again when version 5 was pinned. */
export const reopenedCorrection: Correction = {
  ...fixedCorrection,
  status: 'open',
  reopenedIn: { version: '5', how: 'pin', by: USER, at: T2 },
  updatedAt: T2,
};

/** A correction of an agent turn with the copy of its run. */
export const validAgentRunCorrection: CorrectionWithCopies = {
  ...validCorrection,
  run: {
    runId: 'run_1',
    subject: { kind: 'agent', id: 'agt_1', version: '3' },
    input: { message: 'Can I get a refund?' },
    context: {
      history: [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello!' }],
      historyTruncated: false,
      retrieved: [{ doc: 'refund-policy' }],
      sessionApproval: { approved: false, rationale: 'Quoted the wrong window.' },
      toolEnv: { 'refunds.lookup': { REGION: 'eu' } },
    },
    output: { matches: ['case_1', 'case_2'] },
    segments: [{ key: 'company', value: 'Acme' }, { key: 'contact-role', value: 'buyer' }],
    capturedAt: T0,
  },
};

/** A correction of a flow run with the copy of its run: one tool node call and one agent step's call. */
export const validFlowRunCorrection: CorrectionWithCopies = {
  ...validCorrection,
  runId: 'run_f',
  subject: { kind: 'flow', id: 'flw_1', version: '2' },
  run: {
    runId: 'run_f',
    subject: { kind: 'flow', id: 'flw_1', version: '2' },
    input: { orderId: 'ord_1' },
    context: {
      flow: {
        calls: [
          { runId: 'run_f', nodeId: 'node_lookup', toolId: 'refunds.lookup', arguments: { orderId: 'ord_1' }, result: { days: 14 } },
          { runId: 'run_step', nodeId: 'node_agent', toolId: 'crm.fetch', result: { tier: 'gold' }, fromEvent: true },
        ],
        steps: [{ runId: 'run_step', nodeId: 'node_agent', agentId: 'agt_1', agentVersion: '3' }],
      },
    },
    output: { matches: ['case_1', 'case_2'] },
    capturedAt: T0,
  },
};

export const SC_ID = '2489e9ad-2ee2-4e00-8ec9-32d5f69181c0';
export const TEST_RUN_NOW = '0b8f3a52-5d43-4c8e-9a57-6a1f25b9f0d1';
export const TEST_RUN_WITH = '6c1e0f0e-9d2f-4b55-8f4e-2d7a3d0c7b11';

/** A suggested change whose check finished: `ready`. */
export const validSuggestedChange: SuggestedChange = {
  id: SC_ID,
  agentId: 'agt_1',
  projectId: '5d6a7f1e-3b2c-4d8e-9f01-23456789abcd',
  title: 'Refunds are quoted as 14 days · tone v2 → v3',
  madeBy: { kind: 'improve-run', improveRunId: 'imp_1', scheduleId: 'sch_1' },
  builtOn: { version: '3' },
  version: '4',
  changes: [{ kind: 'block', blockId: 'blk_tone', from: 'v2', to: 'v3' }],
  why: 'Refunds are quoted as 14 days\nThe policy says 30 since January.',
  fixes: ['cor_1', 'cor_2'],
  correctionCount: 2,
  check: {
    status: 'done',
    testSetId: 'ts_1',
    testSetVersion: '7',
    now: { testRunId: TEST_RUN_NOW, passing: 10, of: 12 },
    with: { testRunId: TEST_RUN_WITH, passing: 12, of: 12, costPerConversation: '0.0031' },
    newlyFailing: [],
    startedAt: T1,
  },
  status: 'ready',
  createdAt: T0,
  updatedAt: T2,
};

/** The rule names and fields of violations, in order. */
export function brokenRules(violations: Violation[]): Array<{ rule: string; field: string }> {
  return violations.map(({ rule, field }) => ({ rule, field }));
}

/**
 * Asserts that `violations` break `rule` at exactly `fields`, and no rule besides `rule` and `alsoBreaks`.
 */
export function expectBreaks(violations: Violation[], rule: string, fields: string | string[], alsoBreaks: string[] = []): void {
  const expected = Array.isArray(fields) ? fields : [fields];
  expect(violations.filter((v) => v.rule === rule).map((v) => v.field), JSON.stringify(violations)).toEqual(expected);
  expect([...new Set(violations.map((v) => v.rule))].sort(), JSON.stringify(violations)).toEqual([rule, ...alsoBreaks].sort());
  for (const v of violations) expect(v.message.length, `${v.rule} ${v.field} has a message`).toBeGreaterThan(0);
}

/** Asserts that `violations` do not break `rule` (other rules are the other cases' concern). */
export function expectKeeps(violations: Violation[], rule: string): void {
  expect(violations.filter((v) => v.rule === rule), JSON.stringify(violations)).toEqual([]);
}
