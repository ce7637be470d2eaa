// The rules the stored copy of a corrected run keeps (page 000), checked beside its correction.
import { checkRules, expect, type Rule, type Violation } from './rule.ts';
import type { CorrectionWithCopies, RunCopy } from './types.ts';

export const MAX_HISTORY = 200;
export const MAX_FLOW_CALLS = 500;
export const SEGMENT_KEY = /^[a-z][a-z0-9_-]{0,63}$/;

const sameSubject = (a: RunCopy['subject'], b: RunCopy['subject']) => a.kind === b.kind && a.id === b.id && a.version === b.version;

export const RUN_COPY_RULES: ReadonlyArray<Rule<CorrectionWithCopies>> = [
  {
    name: 'copy-of-the-corrected-run',
    source: "000: run is the stored copy of a corrected run's input and output.",
    check: (c) => {
      const sameRun = c.run.runId === c.runId;
      const sameSubjects = sameSubject(c.run.subject, c.subject);
      // Nothing made (no list, no message) when both hold: this runs for every correction a world is checked with.
      if (sameRun && sameSubjects) return expect(true, 'run.runId', '');
      return [
        ...expect(sameRun, 'run.runId', `run copy is of ${c.run.runId}, the correction of ${c.runId}`),
        ...expect(sameSubjects, 'run.subject', 'run copy and correction name different subjects'),
      ];
    },
  },
  {
    name: 'flow-record-only-for-flows',
    source: '000: context.flow: for a flow run, what it did; history, retrievals and approval: for an agent turn.',
    check: (c) => {
      const context = c.run.context;
      if (!context) return [];
      return c.subject.kind === 'flow'
        ? [
            ...expect(!context.history, 'run.context.history', 'a flow run has no conversation history'),
            ...expect(!context.sessionApproval, 'run.context.sessionApproval', 'a flow run has no session approval'),
          ]
        : expect(!context.flow, 'run.context.flow', 'an agent turn has no flow record');
    },
  },
  {
    name: 'history-at-most-200',
    source: "000: history: the conversation's messages before the turn (at most the last 200).",
    check: (c) => expect((c.run.context?.history?.length ?? 0) <= MAX_HISTORY, 'run.context.history', `more than ${MAX_HISTORY} messages`),
  },
  {
    name: 'flow-calls-at-most-500',
    source: '000: flow: every tool call it made with its result, at most 500.',
    check: (c) => expect((c.run.context?.flow?.calls.length ?? 0) <= MAX_FLOW_CALLS, 'run.context.flow.calls', `more than ${MAX_FLOW_CALLS} calls`),
  },
  {
    name: 'from-event-only-in-agent-steps',
    source: "000: fromEvent: absent for a tool node's call.",
    check: (c) => {
      const flow = c.run.context?.flow;
      if (!flow) return [];
      const stepRuns = new Set(flow.steps.map((step) => step.runId));
      return flow.calls.flatMap((call, index) => expect(
        call.fromEvent === undefined || stepRuns.has(call.runId),
        `run.context.flow.calls[${index}].fromEvent`, `fromEvent on a call of ${call.runId}, which is no agent step's turn`));
    },
  },
  {
    name: 'rationale-only-for-a-rejection',
    source: "000: sessionApproval.rationale: the reviewer's reason for a rejection.",
    check: (c) => {
      const approval = c.run.context?.sessionApproval;
      return expect(!approval || approval.approved === false || approval.rationale === undefined, 'run.context.sessionApproval.rationale', 'a rationale on an approval');
    },
  },
  {
    name: 'segment-keys-lowercase',
    source: '000: segments[].key: lowercase, like an identifier.',
    check: (c) => (c.run.segments === undefined ? [] : c.run.segments.flatMap((segment, index) =>
      expect(SEGMENT_KEY.test(segment.key), `run.segments[${index}].key`, `"${segment.key}" is not a lowercase identifier`))),
  },
  {
    name: 'captured-at-first-correction',
    source: '000: the stored copy is taken when it was first corrected.',
    check: (c) => expect(Date.parse(c.run.capturedAt) <= Date.parse(c.createdAt), 'run.capturedAt', 'the copy was captured after this correction was made'),
  },
];

/** Every rule a correction's run copy breaks. */
export function checkRunCopy(correction: CorrectionWithCopies): Violation[] {
  return checkRules(RUN_COPY_RULES, correction);
}
