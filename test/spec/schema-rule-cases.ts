// For each rule a request body's schema states (`x-rule`, spec/openapi.yaml), a body that breaks
// it alone, the nearest body that keeps it, and what the mock answers the first: the rule's own
// code, from the store, as before the schema stated it. test/spec/schema-rules.test.ts holds the
// schema to them; test/http/schema-rules.test.ts the mock.
import { expect } from 'vitest';

/** Filled in with a finished, never corrected run by whoever sends the body. */
export const RUN = 'run_to_correct';

export interface RuleCase {
  /** The subschema's `x-rule`. */
  rule: string;
  /** What the body breaks, for a test's name. */
  title: string;
  operationId: 'createCorrection' | 'changeCorrection';
  breaks: Record<string, unknown>;
  keeps: Record<string, unknown>;
  /** The error the mock answers `breaks` with (400 for each). */
  refusal: { code: string; details: Record<string, unknown> };
}

const violation = (rule: string) => ({ violations: expect.arrayContaining([expect.objectContaining({ rule })]) });

export const RULE_CASES: readonly RuleCase[] = [
  {
    rule: 'says-something', title: 'none of decisions, answer and items', operationId: 'createCorrection',
    breaks: { runId: RUN, why: 'Wrong tone.' }, keeps: { runId: RUN, why: 'Wrong tone.', answer: 'wrong' },
    refusal: { code: 'validation-failed', details: violation('says-something') },
  },
  {
    rule: 'should-call-only-when-decisions-wrong', title: 'shouldCall with decisions: right', operationId: 'createCorrection',
    breaks: { runId: RUN, decisions: 'right', shouldCall: [{ tool: 'lookup_order', args: {} }] },
    keeps: { runId: RUN, decisions: 'wrong', shouldCall: [{ tool: 'lookup_order', args: {} }] },
    refusal: { code: 'validation-failed', details: violation('should-call-only-when-decisions-wrong') },
  },
  {
    rule: 'should-call-only-when-decisions-wrong', title: 'mustNotCall without decisions', operationId: 'createCorrection',
    breaks: { runId: RUN, answer: 'wrong', mustNotCall: ['issue_refund'] },
    keeps: { runId: RUN, answer: 'wrong', decisions: 'wrong', mustNotCall: ['issue_refund'] },
    refusal: { code: 'validation-failed', details: violation('should-call-only-when-decisions-wrong') },
  },
  {
    rule: 'should-say-only-when-answer-wrong', title: 'shouldSay with answer: right', operationId: 'createCorrection',
    breaks: { runId: RUN, answer: 'right', shouldSay: 'The window is 30 days.' },
    keeps: { runId: RUN, answer: 'wrong', shouldSay: 'The window is 30 days.' },
    refusal: { code: 'validation-failed', details: violation('should-say-only-when-answer-wrong') },
  },
  {
    rule: 'item-pointer-and-rank', title: 'an item ranked below 0', operationId: 'createCorrection',
    breaks: { runId: RUN, items: [{ key: 'case-a', verdict: 'wrong', rank: -1 }] },
    keeps: { runId: RUN, items: [{ key: 'case-a', verdict: 'wrong', rank: 0 }] },
    refusal: { code: 'validation-failed', details: violation('item-pointer-and-rank') },
  },
  {
    // The store looks the pointer up in the run's output first: one that is no JSON Pointer finds nothing there.
    rule: 'item-pointer-and-rank', title: 'an item pointer that is no JSON Pointer', operationId: 'createCorrection',
    breaks: { runId: RUN, items: [{ key: 'case-a', verdict: 'wrong', pointer: 'matches' }] },
    keeps: { runId: RUN, items: [{ key: 'case-a', verdict: 'wrong', pointer: '' }] },
    refusal: { code: 'item-not-found', details: { field: 'items[0].pointer', pointer: 'matches' } },
  },
  {
    rule: 'reason-goes-with-sorted-to', title: 'a reason without sortedTo', operationId: 'changeCorrection',
    breaks: { status: 'being-fixed', reason: 'Needs a code change.' }, keeps: { sortedTo: 'developer', reason: 'Needs a code change.' },
    refusal: { code: 'bad-input', details: { field: 'reason' } },
  },
  {
    rule: 'note-goes-with-status', title: 'a note without status', operationId: 'changeCorrection',
    breaks: { sortedTo: 'improve', note: 'Works as designed.' }, keeps: { status: 'wont-fix', note: 'Works as designed.' },
    refusal: { code: 'bad-input', details: { field: 'note' } },
  },
  {
    rule: 'with-owner-needs-owner', title: 'with-owner beside a sort to someone else', operationId: 'changeCorrection',
    breaks: { sortedTo: 'developer', status: 'with-owner' }, keeps: { sortedTo: 'owner', status: 'with-owner' },
    refusal: { code: 'bad-input', details: { rule: 'with-owner-needs-owner' } },
  },
];
