// A journal entry's approvals (state-entry-rules.ts): the expiry `--approval-ms` gives is optional
// and a number; nothing else is taken.
import { describe, expect, it } from 'vitest';
import { createMock } from '../../src/index.ts';
import { loadCompiledSpec } from '../../src/spec/load-compiled-spec.ts';
import { entryChecker } from '../../src/store/state-entry-rules.ts';

const mock = createMock({ checkedWorldsDir: false });
const check = entryChecker(loadCompiledSpec().document);
const change = mock.store.worldView().suggestedChanges[0]!;
const approval = { id: 'apr_0123456789abcdef', suggestedChangeId: change.id, pinnedBy: { kind: 'user', id: 'usr_ada_admin' }, pinChangeId: 'pch_0123456789abcdef' };

describe('approvals in a journal entry', () => {
  it('with no expiry, and with a number for one → taken', () => {
    expect(check({ approvals: [approval] }, mock.store.lookup)).toEqual([]);
    expect(check({ approvals: [{ ...approval, expiresAt: Date.parse('2026-12-01T00:00:00Z') }] }, mock.store.lookup)).toEqual([]);
  });

  it('an expiry that is not a number, or a field it does not have → refused, naming it', () => {
    expect(check({ approvals: [{ ...approval, expiresAt: 'soon' }] }, mock.store.lookup).join('\n')).toMatch(/expiresAt/);
    expect(check({ approvals: [{ ...approval, decidedBy: 'me' }] }, mock.store.lookup).join('\n')).toMatch(/decidedBy|additional/);
    const { pinChangeId: _pinChangeId, ...without } = approval;
    expect(check({ approvals: [without] }, mock.store.lookup).join('\n')).toMatch(/pinChangeId/);
  });
});
