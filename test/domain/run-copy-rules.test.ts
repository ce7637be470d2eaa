// Each rule the stored copy of a corrected run keeps (page 000: `run`) holds for a copy that keeps it
// and names itself and the offending field for one that breaks it.
import { describe, expect, it } from 'vitest';
import { MAX_FLOW_CALLS, MAX_HISTORY, RUN_COPY_RULES, checkRunCopy } from '../../src/domain/run-copy-rules.ts';
import type { CorrectionWithCopies, FlowCall, RunContext, RunCopy } from '../../src/domain/types.ts';
import { T0, T1, expectBreaks, validAgentRunCorrection, validFlowRunCorrection } from './examples.ts';

const agentRun = (run: Partial<RunCopy>): CorrectionWithCopies => ({ ...validAgentRunCorrection, run: { ...validAgentRunCorrection.run, ...run } });
const flowRun = (run: Partial<RunCopy>): CorrectionWithCopies => ({ ...validFlowRunCorrection, run: { ...validFlowRunCorrection.run, ...run } });
const agentContext = (context: RunContext) => agentRun({ context });
const history = (count: number) => Array.from({ length: count }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: `message ${i}` }));
const toolCalls = (count: number): FlowCall[] => Array.from({ length: count }, (_, i) => ({ runId: 'run_f', nodeId: `node_${i}`, toolId: 'refunds.lookup', result: i }));
const flowWithCalls = (calls: FlowCall[]) => flowRun({ context: { flow: { calls, steps: [{ runId: 'run_step', agentId: 'agt_1', agentVersion: '3' }] } } });
const segment = (key: string) => agentRun({ segments: [{ key, value: 'Acme' }] });

interface RuleCases {
  rule: string;
  keeps: Array<[string, CorrectionWithCopies]>;
  breaks: Array<[string, CorrectionWithCopies, string | string[]]>;
}

const CASES: RuleCases[] = [
  {
    rule: 'copy-of-the-corrected-run',
    keeps: [
      ["an agent turn's copy of the same run and subject", validAgentRunCorrection],
      ["a flow run's copy of the same run and subject", validFlowRunCorrection],
    ],
    breaks: [
      ['a copy of another run', agentRun({ runId: 'run_2' }), 'run.runId'],
      ['a copy of another version of the subject', agentRun({ subject: { kind: 'agent', id: 'agt_1', version: '4' } }), 'run.subject'],
      ['a copy of another agent', agentRun({ subject: { kind: 'agent', id: 'agt_2', version: '3' } }), 'run.subject'],
    ],
  },
  {
    rule: 'flow-record-only-for-flows',
    keeps: [
      ['an agent turn with history, retrievals and an approval', validAgentRunCorrection],
      ['a flow run with its flow record and tool env', flowRun({ context: { ...validFlowRunCorrection.run.context, toolEnv: { 'refunds.lookup': { REGION: 'eu' } } } })],
      ['a copy with no context', agentRun({ context: undefined })],
    ],
    breaks: [
      ['a flow record on an agent turn',
        agentContext({ flow: { calls: [], steps: [] } }), 'run.context.flow'],
      ['conversation history on a flow run',
        flowRun({ context: { ...validFlowRunCorrection.run.context, history: history(2) } }), 'run.context.history'],
      ['a session approval on a flow run',
        flowRun({ context: { ...validFlowRunCorrection.run.context, sessionApproval: { approved: true } } }), 'run.context.sessionApproval'],
    ],
  },
  {
    rule: 'history-at-most-200',
    keeps: [['exactly 200 history messages', agentContext({ history: history(200), historyTruncated: true })]],
    breaks: [['201 history messages', agentContext({ history: history(201), historyTruncated: true }), 'run.context.history']],
  },
  {
    rule: 'flow-calls-at-most-500',
    keeps: [['exactly 500 flow calls', flowWithCalls(toolCalls(500))]],
    breaks: [['501 flow calls', flowWithCalls(toolCalls(501)), 'run.context.flow.calls']],
  },
  {
    rule: 'from-event-only-in-agent-steps',
    keeps: [
      ["fromEvent on a call made in an agent step's turn", validFlowRunCorrection],
      ['fromEvent false in an agent step\'s turn', flowWithCalls([{ runId: 'run_step', toolId: 'crm.fetch', fromEvent: false }])],
    ],
    breaks: [
      ["fromEvent on a tool node's call, named by its index",
        flowWithCalls([...toolCalls(1), { runId: 'run_f', nodeId: 'node_tool', toolId: 'crm.fetch', fromEvent: true }]), 'run.context.flow.calls[1].fromEvent'],
      ["fromEvent false on a tool node's call (absent, the page says)",
        flowWithCalls([{ runId: 'run_f', toolId: 'crm.fetch', fromEvent: false }]), 'run.context.flow.calls[0].fromEvent'],
    ],
  },
  {
    rule: 'rationale-only-for-a-rejection',
    keeps: [
      ['a rejection with its rationale', validAgentRunCorrection],
      ['an approval with no rationale', agentContext({ sessionApproval: { approved: true } })],
    ],
    breaks: [
      ['an approval with a rationale', agentContext({ sessionApproval: { approved: true, rationale: 'Looks fine.' } }), 'run.context.sessionApproval.rationale'],
    ],
  },
  {
    rule: 'segment-keys-lowercase',
    keeps: [
      ['lowercase keys with a dash', validAgentRunCorrection],
      ['a key of 64 characters', segment(`a${'b'.repeat(63)}`)],
      ['a key with digits and an underscore after the first letter', segment('region_2')],
      ['no segments (empty path)', agentRun({ segments: [] })],
    ],
    breaks: [
      ['a capitalised key', segment('Company'), 'run.segments[0].key'],
      ['a key of 65 characters', segment(`a${'b'.repeat(64)}`), 'run.segments[0].key'],
      ['a key starting with a digit', segment('2nd-level'), 'run.segments[0].key'],
      ['an empty key', segment(''), 'run.segments[0].key'],
      ['a bad second key, named by its index',
        agentRun({ segments: [{ key: 'company', value: 'Acme' }, { key: 'contact role', value: 'buyer' }] }), 'run.segments[1].key'],
    ],
  },
  {
    rule: 'captured-at-first-correction',
    keeps: [
      ['a copy captured as this correction was made', validAgentRunCorrection],
      ['a copy captured at an earlier correction of the run', { ...agentRun({ capturedAt: T0 }), createdAt: T1, updatedAt: T1 }],
    ],
    breaks: [
      ['a copy captured after this correction was made', agentRun({ capturedAt: T1 }), 'run.capturedAt'],
    ],
  },
];

describe('the bounds page 000 gives', () => {
  it('are 200 history messages and 500 flow calls', () => {
    expect([MAX_HISTORY, MAX_FLOW_CALLS]).toEqual([200, 500]);
  });
});

describe('the valid base corrections with run copies', () => {
  it('break no rule for an agent turn', () => {
    expect(checkRunCopy(validAgentRunCorrection)).toEqual([]);
  });

  it('break no rule for a flow run', () => {
    expect(checkRunCopy(validFlowRunCorrection)).toEqual([]);
  });
});

describe('RUN_COPY_RULES', () => {
  it('has a case that keeps and a case that breaks every rule', () => {
    const names = RUN_COPY_RULES.map((rule) => rule.name);
    expect(new Set(names).size).toBe(names.length);
    expect(CASES.map((c) => c.rule).sort()).toEqual([...names].sort());
  });

  it('cites page 000 for every rule', () => {
    for (const rule of RUN_COPY_RULES) expect(rule.source, rule.name).toMatch(/^000: \S/);
  });
});

for (const { rule, keeps, breaks } of CASES) {
  describe(`rule ${rule}`, () => {
    it.each(keeps)('keeps %s', (_name, correction) => {
      expect(checkRunCopy(correction)).toEqual([]);
    });

    it.each(breaks)('breaks on %s', (_name, correction, fields) => {
      expectBreaks(checkRunCopy(correction), rule, fields);
    });
  });
}

describe('flow-record-only-for-flows on a flow run with a session approval', () => {
  it('reports the session approval under this rule and no other', () => {
    const found = checkRunCopy(flowRun({ context: { ...validFlowRunCorrection.run.context, sessionApproval: { approved: true } } }));
    expect(found.map((v) => v.rule)).toEqual(['flow-record-only-for-flows']);
  });
});
