// Issue 32: every value the document allows for a correction's status, fixedIn.how, reopenedIn.how
// and sortedTo, and for a suggested change's status and madeBy.kind, is reachable through some
// scenario. The values come from spec/openapi.yaml itself, so a value added there fails this test
// until the table below names a scenario that reaches it; and each is proven as the API's caller
// would see it: applied in a session, then read back through /v1 with a token of that session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type TestMock } from '../http/support.ts';
import {
  applyInSession, documentEnums, endSession, expectSessionKeepsRules, openSession, principalsOf, projectOf, readerOf,
  type EnumField,
} from '../support/scenario-sessions.ts';

interface Reach {
  scenario: string;
  params: Record<string, unknown>;
}

/** For each field and value of the document, a scenario that makes a record with it. */
const REACHED_BY: Record<EnumField, Record<string, Reach>> = {
  'Correction.status': {
    open: { scenario: 'correction', params: { status: 'open' } },
    'being-fixed': { scenario: 'correction', params: { status: 'being-fixed' } },
    'with-owner': { scenario: 'correction', params: { status: 'with-owner', sortedTo: 'owner' } },
    fixed: { scenario: 'correction', params: { status: 'fixed' } },
    'wont-fix': { scenario: 'correction', params: { status: 'wont-fix' } },
    removed: { scenario: 'correction', params: { status: 'removed' } },
  },
  'Correction.fixedIn.how': {
    pin: { scenario: 'correction', params: { fixedHow: 'pin' } },
    latest: { scenario: 'correction', params: { fixedHow: 'latest' } },
    'recorded-right': { scenario: 'correction', params: { fixedHow: 'recorded-right' } },
  },
  'Correction.reopenedIn.how': {
    pin: { scenario: 'pin-then-reopened', params: { how: 'pin' } },
    'went-back': { scenario: 'pin-then-reopened', params: { how: 'went-back' } },
    unpin: { scenario: 'pin-then-reopened', params: { how: 'unpin' } },
    latest: { scenario: 'correction', params: { reopenedHow: 'latest' } },
  },
  'Correction.sortedTo': {
    improve: { scenario: 'correction', params: { sortedTo: 'improve' } },
    developer: { scenario: 'correction', params: { sortedTo: 'developer' } },
    owner: { scenario: 'correction', params: { sortedTo: 'owner' } },
  },
  SuggestedChangeStatus: {
    checking: { scenario: 'suggested-change', params: { status: 'checking' } },
    'check-failed': { scenario: 'suggested-change', params: { status: 'check-failed' } },
    ready: { scenario: 'suggested-change', params: { status: 'ready' } },
    'waiting-for-second-person': { scenario: 'awaiting-approval', params: {} },
    pinned: { scenario: 'suggested-change', params: { status: 'pinned' } },
    'added-as-latest': { scenario: 'suggested-change', params: { status: 'added-as-latest' } },
    withdrawn: { scenario: 'suggested-change', params: { status: 'withdrawn' } },
  },
  'SuggestedChange.madeBy.kind': {
    'improve-run': { scenario: 'suggested-change', params: { madeBy: 'improve-run' } },
    person: { scenario: 'suggested-change', params: { madeBy: 'person' } },
    service: { scenario: 'suggested-change', params: { madeBy: 'service' } },
    deploy: { scenario: 'suggested-change', params: { madeBy: 'deploy' } },
    offer: { scenario: 'suggested-change', params: { madeBy: 'offer' } },
  },
};

/** Where each field is read from: the record through /v1, and the value in it. */
const READ: Record<EnumField, { record: 'correction' | 'suggested-change'; value: (record: any) => unknown }> = {
  'Correction.status': { record: 'correction', value: (c) => c.status },
  'Correction.fixedIn.how': { record: 'correction', value: (c) => c.fixedIn?.how },
  'Correction.reopenedIn.how': { record: 'correction', value: (c) => c.reopenedIn?.how },
  'Correction.sortedTo': { record: 'correction', value: (c) => c.sortedTo },
  SuggestedChangeStatus: { record: 'suggested-change', value: (s) => s.status },
  'SuggestedChange.madeBy.kind': { record: 'suggested-change', value: (s) => s.madeBy.kind },
};

const ENUMS = documentEnums();

let server: TestMock;
beforeAll(async () => {
  server = await startMock();
});
afterAll(async () => {
  await server?.close();
});

/**
 * Applies `reach` in a fresh session and reads back, through /v1, every record of `kind` it made;
 * answers what each says for the field, or why it could not be read.
 */
async function reachedValues(field: EnumField, reach: Reach): Promise<unknown[]> {
  const session = await openSession(server, { name: `reach ${field}` });
  try {
    const applied = await applyInSession(server, session.id, reach.scenario, reach.params);
    const principals = await principalsOf(server, session.id);
    const { record, value } = READ[field];
    const ids = record === 'correction' ? applied.created.corrections : applied.created.suggestedChanges;
    const values: unknown[] = [];
    for (const id of ids) {
      const reader = readerOf(principals, projectOf(server, session.id, record, id));
      const path = record === 'correction' ? `/v1/corrections/${id}` : `/v1/suggested-changes/${id}`;
      const answer = await server.get(path, reader);
      expect(answer.status, `GET ${path}: ${JSON.stringify(answer.body)}`).toBe(200);
      values.push(value(answer.body));
      // Listed too, as the caller's lists show it (a superseded correction never is).
      if (record === 'correction' && answer.body.supersededBy === undefined) {
        const listed = await server.get(`/v1/corrections?runId=${encodeURIComponent(answer.body.runId)}&status=${answer.body.status}&limit=100`, reader);
        expect(listed.status).toBe(200);
        expect(listed.body.data.map((c: { id: string }) => c.id), `the list of run ${answer.body.runId}`).toContain(id);
      }
      if (record === 'suggested-change') {
        const listed = await server.get(`/__mock/sessions/${session.id}/suggested-changes?status=${answer.body.status}`);
        expect(listed.status).toBe(200);
        expect(listed.body.data.map((s: { id: string }) => s.id)).toContain(id);
      }
    }
    expectSessionKeepsRules(server, session.id, `${reach.scenario} ${JSON.stringify(reach.params)}`);
    return values;
  } finally {
    await endSession(server, session.id);
  }
}

describe('every enum value of the document is reachable through a scenario, read back through /v1', () => {
  it('reads the enums from spec/openapi.yaml, not from a list of its own', () => {
    expect(ENUMS['Correction.status']).toContain('with-owner');
    expect(ENUMS['SuggestedChange.madeBy.kind']).toContain('offer');
    for (const values of Object.values(ENUMS)) expect(values.length).toBeGreaterThan(1);
  });

  for (const field of Object.keys(ENUMS) as EnumField[]) {
    it(`${field}: ${ENUMS[field].join(', ')}`, { timeout: 60_000 }, async () => {
      const unreached: string[] = [];
      for (const value of ENUMS[field]) {
        const reach = REACHED_BY[field][value];
        if (!reach) {
          unreached.push(`${value}: no scenario in the table reaches it`);
          continue;
        }
        const values = await reachedValues(field, reach);
        if (!values.includes(value)) unreached.push(`${value}: ${reach.scenario} ${JSON.stringify(reach.params)} made ${JSON.stringify(values)}`);
      }
      expect(unreached, `${field} values no scenario reached`).toEqual([]);
    });
  }
});
