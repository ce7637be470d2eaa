// The rule the model applied where a sequence parted, with its source: the sentence of a page, a
// convention, or the mock's reading (x-inferred) of a write the pages name without its behaviour.
import { convention, inferred, operationPointer, page, type CheckSource } from '../sources.ts';
import type { Difference } from './compare.ts';
import type { JudgedStep } from './step.ts';

const CORRECTION = '/v1/corrections/{correctionId}';

const REOPENED = page('000', 'A status set by hand clears both, and a re-sort alone keeps them. A test run that gets it right again makes it `fixed` with a new `fixedIn`.');
const SUPERSEDED = page('000', 'Set when the correction was removed or superseded.');
const LISTED = page('001', 'Corrections (not superseded, and not removed unless `status` asks for `removed`), newest first, cursor-paginated.');
const STATUS_FILTER = page('001', 'Only corrections in these statuses: one, or several, repeated or comma-separated. `not-fixed` is short for `open`, `being-fixed` and `with-owner`. Removed corrections come back only when `removed` is asked for.');
const SINCE = page('001', 'Only corrections made at or after this time.');
const UNTIL = page('001', 'Only corrections made before this time.');
const MADE_BY_ME = page('001', '`me`: only the caller’s own corrections.');
const KEYS = convention('Requests', 'a retry with the same key gets the stored response byte-identical with `X-Idempotent-Replay: true`; the same key with a different body → 409 `idempotency-key-body-mismatch`');
const CREATE = inferred(operationPointer('/v1/corrections', 'post'), 'One live correction per run, caller and participant: a new one supersedes the earlier one; one that says nothing was wrong is `fixed` at once');
const CHANGE = inferred(operationPointer(CORRECTION, 'patch'), 'A re-sort sets `sorted`; a status set by hand takes `note` as `statusNote`; `fixed` and `removed` cannot be set by hand, `with-owner` needs the owner; a removed or superseded correction cannot change (409)');
const REMOVE = inferred(operationPointer(`${CORRECTION}/remove`, 'post'), 'Makes the correction `removed` and sets `unregisteredAt`; removing it again changes nothing');
const READ = page('000', 'Returns the correction (live or not) with the stored copy of the run’s input and output.');

/** Every rule a divergence may rest on (each quoted or pointed at as every check's source is). */
export const WALK_RULES = { REOPENED, SUPERSEDED, LISTED, STATUS_FILTER, SINCE, UNTIL, MADE_BY_ME, KEYS, CREATE, CHANGE, REMOVE, READ } as const;

/** `step` is the one judged: a list sent again is judged as the list it repeats. */
export function ruleOf(step: JudgedStep, difference: Difference): CheckSource {
  const path = difference.path;
  if (step.kind === 'replay' || path === 'header X-Idempotent-Replay') return KEYS;
  if (/reopenedIn|fixedIn/.test(path) || step.kind === 'test-run') return REOPENED;
  if (/supersededBy|unregisteredAt/.test(path)) return SUPERSEDED;
  switch (step.kind) {
    case 'list':
      if (/madeBy/.test(path)) return MADE_BY_ME;
      if (step.status) return STATUS_FILTER;
      if (step.until !== undefined) return UNTIL;
      if (step.since !== undefined) return SINCE;
      return LISTED;
    case 'read': return READ;
    case 'create': return CREATE;
    case 'remove': return REMOVE;
    case 'resort':
    case 'set-status':
      return CHANGE;
  }
}
