// What a typed client gets from `kindgi-mock/types`, checked by tsc (`npm run typecheck`: every
// expected error must occur) and run by vitest, which holds the typed values to the document.
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ERROR_STATUS } from '../../src/domain/error-codes.ts';
import { loadSpec } from '../../src/spec/load-spec.ts';
import { compileSpecValidators } from '../../src/spec/validators.ts';
import type {
  AddAsLatestRequest, CorrectionChange, CorrectionCreate, CorrectionPage, CorrectionWithCopies, ErrorCode,
  ErrorEnvelope, operations, paths, SuggestedChange, WithdrawRequest,
} from '../../src/types/index.ts';

const validators = compileSpecValidators(loadSpec());

type MadeBy = SuggestedChange['madeBy'];
type Change = SuggestedChange['changes'][number];
type Note = NonNullable<SuggestedChange['note']>;
type JsonBody<R> = R extends { content: { 'application/json': infer B } } ? B : never;

/** One line per maker: every kind's own fields, and the switch is exhaustive. */
function maker(madeBy: MadeBy): string {
  switch (madeBy.kind) {
    case 'improve-run':
      return `Improve run ${madeBy.improveRunId ?? '?'}${madeBy.scheduleId ? ` (schedule ${madeBy.scheduleId})` : ''}`;
    case 'person':
      // @ts-expect-error a person's maker has a userId, not an Improve run's id
      void madeBy.improveRunId;
      return `person ${madeBy.userId ?? '?'}`;
    case 'service':
      return `service ${madeBy.id ?? '?'}`;
    case 'deploy':
      return `deploy ${madeBy.deploymentId ?? '?'} by ${madeBy.by?.id ?? 'someone'}`;
    case 'offer':
      return `offer of ${madeBy.pinChangeId ?? '?'} from ${madeBy.fromProjectId ?? '?'}`;
    default: {
      const unknownKind: never = madeBy;
      return unknownKind;
    }
  }
}

/** A block change's content after it, or a code change's image. */
function after(change: Change): unknown {
  if (change.kind === 'block') return change.after?.values ?? change.after?.template;
  // @ts-expect-error a code change has no content before or after (page 002)
  void change.after;
  return change.imageDigest;
}

/** What a note points at: the pin history for a pin that did not go through, else the version. */
function noteTarget(note: Note): string | undefined {
  if (note.kind === 'not-running') {
    // @ts-expect-error not-running names the version its project runs, not a pin change
    void note.pinChangeId;
    return note.version;
  }
  expectTypeOf(note.kind).toEqualTypeOf<'gate-refused' | 'rejected' | 'expired' | 'superseded'>();
  return note.pinChangeId;
}

/** What a client does with an error's code: the known ones switch, any other falls through. */
function advice(code: ErrorCode): string {
  switch (code) {
    case 'database-busy':
    case 'state-write-failed':
      return 'retry after Retry-After';
    case 'not-found':
      return 'gone, or not yours to read';
    default:
      return 'show the message';
  }
}

describe('kindgi-mock/types, as a client uses them', () => {
  it('builds a CorrectionCreate whose expected calls carry string and number args, valid for POST /v1/corrections', () => {
    const create: CorrectionCreate = {
      runId: 'run_1',
      decisions: 'wrong',
      shouldCall: [{ tool: 'lookup_order', args: { orderId: 'ord_1', quantity: 2 } }, { tool: 'ping', args: {} }],
      mustNotCall: ['issue_refund'],
    };
    expectTypeOf(create.shouldCall![0]!.args).toEqualTypeOf<Record<string, unknown>>();
    // @ts-expect-error the maker comes from the token: madeBy is no field of the body
    const withMaker: CorrectionCreate = { runId: 'run_1', answer: 'right', madeBy: { kind: 'user', id: 'usr_1' } };
    // @ts-expect-error an expected call needs its args (an empty object asks only that the tool was called)
    const withoutArgs: CorrectionCreate = { runId: 'run_1', decisions: 'wrong', shouldCall: [{ tool: 'lookup_order' }] };
    const validate = validators.requestBody('createCorrection')!;
    expect(validate(create), JSON.stringify(validate.errors)).toBe(true);
    expect([withMaker, withoutArgs].map((body) => validate(body))).toEqual([false, false]);
  });

  it('narrows a suggested change on madeBy.kind, changes[].kind and note.kind', () => {
    const deploy: MadeBy = { kind: 'deploy', deploymentId: 'dep_1', by: { kind: 'service', id: 'svc_ci' } };
    // @ts-expect-error `userId` belongs to a person, not to an Improve run
    void ({ kind: 'improve-run', userId: 'usr_1' } satisfies MadeBy);
    // @ts-expect-error a kind the document does not know
    void ({ kind: 'robot' } satisfies MadeBy);
    const block: Change = { kind: 'block', blockId: 'blk_tone', from: 'v2', to: 'v3', after: { template: 'Be calm.' } };
    const code: Change = { kind: 'code', deploymentId: 'dep_1', imageDigest: 'sha256:0f' };
    expect([maker(deploy), after(block), after(code)]).toEqual(['deploy dep_1 by svc_ci', 'Be calm.', 'sha256:0f']);
    expect([noteTarget({ kind: 'rejected', pinChangeId: 'pch_1' }), noteTarget({ kind: 'not-running', version: '4' })]).toEqual(['pch_1', '4']);
  });

  it('takes any error code a newer server sends, and keeps the known ones as literals to complete', () => {
    const later: ErrorCode = 'quota-exceeded-a-server-adds-later';
    // @ts-expect-error a code is a string, never the status
    const status: ErrorCode = 404;
    // Literal members survive beside `string & {}`: that is what an editor completes from.
    type Known<T> = T extends string ? (string extends T ? never : T) : never;
    expectTypeOf<Known<ErrorCode>>().toEqualTypeOf<keyof typeof ERROR_STATUS>();
    expectTypeOf<'database-busy'>().toExtend<ErrorCode>();
    const envelope: ErrorEnvelope = { error: { code: 'database-busy', message: 'busy', requestId: 'req-1', details: { retryAfter: 2 } } };
    expect([advice(envelope.error.code), advice(later), status]).toEqual(['retry after Retry-After', 'show the message', 404]);
  });

  it('names the bodies the operations answer and take', () => {
    expectTypeOf<JsonBody<paths['/v1/corrections/{correctionId}']['get']['responses'][200]>>().toEqualTypeOf<CorrectionWithCopies>();
    expectTypeOf<JsonBody<operations['createCorrection']['responses'][201]>>().toEqualTypeOf<CorrectionWithCopies>();
    expectTypeOf<JsonBody<operations['listCorrections']['responses'][200]>>().toEqualTypeOf<CorrectionPage>();
    expectTypeOf<JsonBody<operations['getSuggestedChange']['responses'][404]>>().toEqualTypeOf<ErrorEnvelope>();
    expectTypeOf<JsonBody<NonNullable<operations['changeCorrection']['requestBody']>>>().toEqualTypeOf<CorrectionChange>();
    expectTypeOf<JsonBody<NonNullable<operations['withdrawSuggestedChange']['requestBody']>>>().toEqualTypeOf<WithdrawRequest>();
    expectTypeOf<JsonBody<NonNullable<operations['addSuggestedChangeAsLatest']['requestBody']>>>().toEqualTypeOf<AddAsLatestRequest>();
    // @ts-expect-error withdrawing needs its reason
    const noReason: WithdrawRequest = {};
    // @ts-expect-error `fixed` cannot be set by hand
    const fixedByHand: CorrectionChange = { status: 'fixed' };
    expect(validators.component('WithdrawRequest')(noReason)).toBe(false);
    expect(validators.component('CorrectionChange')(fixedByHand)).toBe(false);
  });
});
