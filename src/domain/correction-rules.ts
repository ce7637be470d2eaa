// The rules a correction keeps (pages 000 and 001), as pure checks over one correction.
import { canonicalJson } from './canonical-json.ts';
import { checkRules, expect, type Rule, type Violation } from './rule.ts';
import type { Correction } from './types.ts';

export const MAX_ARGS_PROPERTIES = 100;
export const MAX_ARGS_CANONICAL_LENGTH = 4000;
export const MAX_TOOL_LENGTH = 200;

const has = (value: unknown) => value !== undefined;
type Found = Array<Omit<Violation, 'rule'>>;
/** Both lists as one, made only when both hold something: a rule kept is checked for every correction of a world, and allocates nothing. */
const both = (first: Found, second: Found): Found => (first.length === 0 ? second : second.length === 0 ? first : [...first, ...second]);
/** What a rule over an absent list finds (shared, never changed: checkRules only reads it). */
const NOTHING: Found = expect(true, '', '');
/** Characters as JSON Schema counts them (code points), not UTF-16 units. */
export const characterCount = (text: string): number => {
  // Counted by the string's iterator, as spreading it would, without a list of its characters.
  let count = 0;
  for (const _ of text) count += 1;
  return count;
};

export const CORRECTION_RULES: ReadonlyArray<Rule<Correction>> = [
  {
    name: 'says-something',
    source: '001: It says at least one of `decisions`, `answer` and `items`.',
    check: (c) => expect(has(c.decisions) || has(c.answer) || has(c.items), 'decisions', 'says none of decisions, answer and items'),
  },
  {
    name: 'should-call-only-when-decisions-wrong',
    source: '000: shouldCall / mustNotCall: With `decisions: "wrong"`.',
    check: (c) => both(
      expect(!has(c.shouldCall) || c.decisions === 'wrong', 'shouldCall', 'shouldCall is given but decisions is not "wrong"'),
      expect(!has(c.mustNotCall) || c.decisions === 'wrong', 'mustNotCall', 'mustNotCall is given but decisions is not "wrong"'),
    ),
  },
  {
    name: 'should-say-only-when-answer-wrong',
    source: '000: shouldSay: With `answer: "wrong"`.',
    check: (c) => expect(!has(c.shouldSay) || c.answer === 'wrong', 'shouldSay', 'shouldSay is given but answer is not "wrong"'),
  },
  {
    name: 'expected-call-bounds',
    source: '000: tool 1..200 characters; args at most 100 properties and 4000 characters in canonical JSON.',
    check: (c) => (c.shouldCall === undefined ? NOTHING : c.shouldCall.flatMap((call, index) => {
      const at = `shouldCall[${index}]`;
      const argsLength = characterCount(canonicalJson(call.args));
      const toolLength = characterCount(call.tool);
      return [
        ...expect(toolLength >= 1 && toolLength <= MAX_TOOL_LENGTH, `${at}.tool`, `tool must be 1..${MAX_TOOL_LENGTH} characters, has ${toolLength}`),
        ...expect(Object.keys(call.args).length <= MAX_ARGS_PROPERTIES, `${at}.args`, `args has more than ${MAX_ARGS_PROPERTIES} properties`),
        ...expect(argsLength <= MAX_ARGS_CANONICAL_LENGTH, `${at}.args`, `args is ${argsLength} characters in canonical JSON, more than ${MAX_ARGS_CANONICAL_LENGTH}`),
      ];
    })),
  },
  {
    name: 'item-keys-unique',
    source: "000: items[].key is the caller's stable id for the item.",
    check: (c) => (c.items === undefined ? NOTHING : duplicateKeys(c.items).map((key) => ({ field: 'items', message: `item key "${key}" appears more than once` }))),
  },
  {
    name: 'item-pointer-and-rank',
    source: '000: pointer is a JSON Pointer (RFC 6901); rank is the position in the ranked list (0 = first).',
    check: (c) => {
      if (c.items === undefined) return NOTHING;
      let found = NOTHING;
      for (let index = 0; index < c.items.length; index += 1) {
        const item = c.items[index]!;
        // The field names are made only for a broken item.
        if (item.pointer !== undefined && item.pointer !== '' && !item.pointer.startsWith('/')) found = both(found, expect(false, `items[${index}].pointer`, `"${item.pointer}" is not a JSON Pointer`));
        if (item.rank !== undefined && item.rank < 0) found = both(found, expect(false, `items[${index}].rank`, 'rank is below 0'));
      }
      return found;
    },
  },
  {
    name: 'expert-only-true-under-a-group',
    source: '000: expert is present (true) when the corrector group was restricted when the correction was recorded.',
    check: (c) => (c.expert === undefined ? NOTHING : both(
      expect(c.expert === true, 'expert', 'expert is present but not true'),
      expect(has(c.correctorGroupId), 'expert', 'expert without a correctorGroupId'),
    )),
  },
  {
    name: 'participant-only-for-an-app',
    source: "000: participantId: the app's id for its end user, when an app corrected it on their behalf.",
    check: (c) => expect(!has(c.participantId) || c.madeBy.kind === 'service', 'participantId', 'participantId on a correction not made by a service (app) token'),
  },
  {
    name: 'sorted-exactly-with-sorted-to',
    source: '000: sortedTo is absent while unsorted; sorted says who sorted it.',
    check: (c) => expect(has(c.sorted) === has(c.sortedTo), has(c.sorted) ? 'sortedTo' : 'sorted', 'sorted and sortedTo must be present together'),
  },
  {
    name: 'with-owner-means-sorted-to-owner',
    source: "000: `with-owner` while the agent's owner decides.",
    check: (c) => expect(c.status !== 'with-owner' || c.sortedTo === 'owner', 'sortedTo', 'status with-owner needs sortedTo owner'),
  },
  {
    name: 'fixed-in-while-fixed',
    source: '000: fixedIn is present while it is `fixed`, and beside `reopenedIn` after a test run reopened it.',
    check: (c) => both(
      expect(c.status !== 'fixed' || has(c.fixedIn), 'fixedIn', 'status fixed without fixedIn'),
      // The message is made only when broken: it names the status.
      !has(c.fixedIn) || c.status === 'fixed' || has(c.reopenedIn) ? NOTHING : expect(false, 'fixedIn', `fixedIn on a ${c.status} correction that was not reopened`),
    ),
  },
  {
    name: 'fixed-in-version-unless-recorded-right',
    source: '000: fixedIn.version is absent for `recorded-right`, which nothing had to fix.',
    check: (c) => {
      if (!c.fixedIn) return NOTHING;
      return c.fixedIn.how === 'recorded-right'
        ? expect(!has(c.fixedIn.version), 'fixedIn.version', 'recorded-right has no version')
        : expect(has(c.fixedIn.version), 'fixedIn.version', `fixedIn.how ${c.fixedIn.how} needs the version that fixed it`);
    },
  },
  {
    name: 'recorded-right-only-when-nothing-wrong',
    source: '000: fixedIn.how `recorded-right`: it said nothing was wrong.',
    check: (c) => expect(c.fixedIn?.how !== 'recorded-right' || saysNothingWrong(c), 'fixedIn.how', 'recorded-right on a correction that says something was wrong'),
  },
  {
    name: 'reopened-is-open-or-with-owner',
    source: "000: reopenedIn: it's `open`, or `with-owner` when it's sorted to the owner, with the `fixedIn` it had beside it.",
    check: (c) => {
      if (!c.reopenedIn) return NOTHING;
      return both(
        expect(c.status === 'open' || c.status === 'with-owner', 'status', `reopened correction is ${c.status}, not open or with-owner`),
        expect(has(c.fixedIn), 'fixedIn', 'reopenedIn without the fixedIn it had'),
      );
    },
  },
  {
    name: 'reopened-by-unless-latest',
    source: '000: reopenedIn.by: who pinned, went back or unpinned. Absent when Latest moved.',
    check: (c) => {
      if (!c.reopenedIn) return NOTHING;
      return c.reopenedIn.how === 'latest'
        ? expect(!has(c.reopenedIn.by), 'reopenedIn.by', 'by is present though Latest moved')
        : expect(has(c.reopenedIn.by), 'reopenedIn.by', `reopenedIn.how ${c.reopenedIn.how} needs who did it`);
    },
  },
  {
    name: 'unregistered-when-removed-or-superseded',
    source: '000: unregisteredAt is set when the correction was removed or superseded.',
    check: (c) => {
      const gone = c.status === 'removed' || has(c.supersededBy);
      return expect(gone === has(c.unregisteredAt), 'unregisteredAt', gone ? 'removed or superseded without unregisteredAt' : 'unregisteredAt on a live correction');
    },
  },
  {
    name: 'times-in-order',
    source: '000: updatedAt is when it last changed: `createdAt` until something changes it.',
    check: (c) => {
      const created = Date.parse(c.createdAt);
      const updated = Date.parse(c.updatedAt);
      // Each event in turn, without a list of them: most corrections have none or one.
      let found = expect(updated >= created, 'updatedAt', 'updatedAt is before createdAt');
      found = eventWithin(found, 'sorted.at', c.sorted?.at, created, updated);
      found = eventWithin(found, 'fixedIn.at', c.fixedIn?.at, created, updated);
      found = eventWithin(found, 'reopenedIn.at', c.reopenedIn?.at, created, updated);
      found = eventWithin(found, 'statusNote.at', c.statusNote?.at, created, updated);
      return eventWithin(found, 'unregisteredAt', c.unregisteredAt, created, updated);
    },
  },
];

/** Whether what it says finds nothing wrong: such a correction is `fixed` as `recorded-right`. */
export function saysNothingWrong(correction: Pick<Correction, 'decisions' | 'answer' | 'items'>): boolean {
  const verdicts = [correction.decisions, correction.answer, ...(correction.items ?? []).map((item) => item.verdict)];
  return verdicts.some((v) => v !== undefined) && verdicts.every((v) => v === undefined || v === 'right');
}

/** Every rule a single correction breaks. */
export function checkCorrection(correction: Correction): Violation[] {
  return checkRules(CORRECTION_RULES, correction);
}

/** `found`, and the event at `field` when it is outside createdAt..updatedAt (times-in-order). */
function eventWithin(found: Found, field: string, at: string | undefined, created: number, updated: number): Found {
  if (at === undefined) return found;
  const time = Date.parse(at);
  return time >= created && time <= updated ? found : both(found, expect(false, field, `${field} ${at} is outside createdAt..updatedAt`));
}

/** Keys that appear more than once, each once, in the order first repeated. */
function duplicateKeys(items: ReadonlyArray<{ key: string }>): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const { key } of items) (seen.has(key) ? repeated : seen).add(key);
  return [...repeated];
}
