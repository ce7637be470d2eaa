// The rules a suggested change keeps (page 002), as pure checks over one suggested change.
import { checkRules, expect, type Rule, type Violation } from './rule.ts';
import { deriveSuggestedChangeStatus, titleLead } from './suggested-change-status.ts';
import type { CheckRun, SuggestedChange, SuggestedChangeMadeBy } from './types.ts';

export const MAX_LISTED_FIXES = 100;

const has = (value: unknown) => value !== undefined;
const finished = (run: CheckRun | undefined) => run !== undefined && has(run.passing) && has(run.of);

/** Which `madeBy` field each kind must carry (page 002: madeBy). */
const MADE_BY_IDS: Record<SuggestedChangeMadeBy['kind'], Array<keyof SuggestedChangeMadeBy>> = {
  'improve-run': ['improveRunId'],
  person: ['userId'],
  service: ['id'],
  deploy: ['deploymentId'],
  offer: ['fromProjectId', 'pinChangeId'],
};

const PIN_NOTES = new Set(['gate-refused', 'rejected', 'expired', 'superseded']);

export const SUGGESTED_CHANGE_RULES: ReadonlyArray<Rule<SuggestedChange>> = [
  {
    name: 'status-derived-from-state',
    source: '002: status: where it stands, from its check, its pin and its own steps (never stored).',
    check: (s) => {
      const derived = deriveSuggestedChangeStatus(s);
      return expect(s.status === derived, 'status', `status is ${s.status}, but its check, pin and steps say ${derived}`);
    },
  },
  {
    name: 'release-fields-exactly-with-status',
    source: '002: pinned once `pinned`; addedAsLatest once `added-as-latest`; approvalId while `waiting-for-second-person`.',
    check: (s) => [
      ...expect(has(s.pinned) === (s.status === 'pinned'), 'pinned', 'pinned must be present exactly when status is pinned'),
      ...expect(has(s.addedAsLatest) === (s.status === 'added-as-latest'), 'addedAsLatest', 'addedAsLatest must be present exactly when status is added-as-latest'),
      ...expect(has(s.withdrawn) === (s.status === 'withdrawn'), 'withdrawn', 'withdrawn must be present exactly when status is withdrawn'),
      ...expect(has(s.approvalId) === (s.status === 'waiting-for-second-person'), 'approvalId', 'approvalId must be present exactly while waiting-for-second-person'),
    ],
  },
  {
    name: 'released-version-is-its-version',
    source: '002: version: absent until it made one; pinned / addedAsLatest carry its version.',
    check: (s) => [
      ...expect(!has(s.pinned) || s.pinned?.version === s.version, 'pinned.version', 'pinned a version other than its own'),
      ...expect(!has(s.addedAsLatest) || s.addedAsLatest?.version === s.version, 'addedAsLatest.version', 'added a version other than its own as Latest'),
      ...expect(!has(s.approvalId) || has(s.version), 'version', 'waiting for approval of a pin with no version'),
    ],
  },
  {
    name: 'note-only-when-ready',
    source: "002: note: why a `ready` suggested change's pin didn't go through; or `not-running` on a deploy's.",
    check: (s) => {
      if (!s.note) return [];
      return PIN_NOTES.has(s.note.kind)
        ? expect(s.status === 'ready', 'note', `note ${s.note.kind} on a ${s.status} suggested change`)
        : [
            ...expect(s.madeBy.kind === 'deploy', 'note', 'note not-running on a suggested change no deploy made'),
            ...expect(!has(s.check.now), 'check.now', 'note not-running, yet the check has a now'),
          ];
    },
  },
  {
    name: 'title-starts-with-why',
    source: '002: title: the first line of `why`, cut at 60 characters, then the change.',
    check: (s) => expect(s.title.startsWith(titleLead(s.why)), 'title', `title does not start with the first line of why cut at 60 characters ("${titleLead(s.why)}")`),
  },
  {
    name: 'fixes-first-100-of-count',
    source: '002: fixes: the first 100 at most. `correctionCount` says how many in all.',
    check: (s) => {
      const unique = new Set(s.fixes).size === s.fixes.length;
      const count = s.correctionCount;
      return [
        ...expect(s.fixes.length <= MAX_LISTED_FIXES, 'fixes', `more than ${MAX_LISTED_FIXES} ids`),
        ...expect(unique, 'fixes', 'an id appears more than once'),
        ...expect(count === undefined || s.fixes.length === Math.min(count, MAX_LISTED_FIXES), 'correctionCount',
          `correctionCount ${String(count)} does not agree with ${s.fixes.length} listed fixes`),
      ];
    },
  },
  {
    name: 'made-by-carries-its-id',
    source: '002: madeBy: each kind names its id (improveRunId, userId, id, deploymentId, fromProjectId + pinChangeId).',
    check: (s) => [
      ...MADE_BY_IDS[s.madeBy.kind].flatMap((field) => expect(has(s.madeBy[field]), `madeBy.${field}`, `madeBy.kind ${s.madeBy.kind} needs ${field}`)),
      ...expect(!has(s.madeBy.scheduleId) || s.madeBy.kind === 'improve-run', 'madeBy.scheduleId', 'scheduleId only on an Improve run'),
    ],
  },
  {
    name: 'change-shape-by-kind',
    source: '002: changes: `block` names blockId; `code` names deploymentId, with no content before and after.',
    check: (s) => s.changes.flatMap((change, index) => {
      const at = `changes[${index}]`;
      return change.kind === 'code'
        ? [
            ...expect(has(change.deploymentId), `${at}.deploymentId`, 'a code change needs its deploymentId'),
            ...expect(!has(change.before), `${at}.before`, 'a code change has no content before'),
            ...expect(!has(change.after), `${at}.after`, 'a code change has no content after'),
          ]
        : [
            ...expect(has(change.blockId), `${at}.blockId`, 'a block change needs its blockId'),
            ...expect(!has(change.deploymentId) && !has(change.imageDigest), `${at}.deploymentId`, 'a block change has no deployment'),
            ...expect(!has(change.to) || has(s.version), `${at}.to`, 'a published block version on a suggested change with no version'),
          ];
    }),
  },
  {
    name: 'check-results-once-finished',
    source: '002: check: `with`/`now` give passing of `of` once finished; newlyFailing once both runs finished.',
    check: (s) => {
      const check = s.check;
      const runs: Array<['now' | 'with', CheckRun | undefined]> = [['now', check.now], ['with', check.with]];
      return [
        ...runs.flatMap(([name, run]) => run === undefined ? [] : [
          ...expect(has(run.passing) === has(run.of), `check.${name}.passing`, 'passing and of go together'),
          ...expect(!finished(run) || (run.passing ?? 0) <= (run.of ?? 0), `check.${name}.passing`, 'passing more than of'),
        ]),
        ...expect(!has(check.newlyFailing) || (finished(check.with) && finished(check.now)), 'check.newlyFailing', 'newlyFailing before both runs finished'),
        ...expect(check.status !== 'done' || finished(check.with), 'check.with', 'check done without its version\'s results'),
        ...expect(check.status !== 'not-started' || (!has(check.with) && !has(check.now) && !has(check.testSetVersion)), 'check', 'a check that never ran has runs'),
      ];
    },
  },
  {
    name: 'times-in-order',
    source: '002: createdAt, updatedAt.',
    check: (s) => expect(Date.parse(s.updatedAt) >= Date.parse(s.createdAt), 'updatedAt', 'updatedAt is before createdAt'),
  },
];

/** Every rule a single suggested change breaks. */
export function checkSuggestedChange(change: SuggestedChange): Violation[] {
  return checkRules(SUGGESTED_CHANGE_RULES, change);
}
