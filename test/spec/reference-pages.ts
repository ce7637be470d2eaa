// The three reference pages (../shared/seeds/000, 001, 002), transcribed property by property in
// the grammar of test/support/flatten-schema.ts. Written from the pages, not from the document:
// the fidelity test compares the two, so a dropped or changed fact shows up as a diff. Where a
// page renders one object whose `kind` decides, in its prose, which fields apply, the prose is
// transcribed too (KIND_UNIONS), and the page's lines are restated as that union's branches.

const ACTOR = (path: string, required: boolean) => [
  `${path}: object${required ? '!' : ''}`,
  `${path}.kind: string! enum(user,service)`,
  `${path}.id: string!`,
];

const SUBJECT = (path: string) => [
  `${path}: object!`,
  `${path}.kind: string! enum(agent,flow)`,
  `${path}.id: string!`,
  `${path}.version: string!`,
];

/** Page 000 / 001: a correction, as listed and as fetched. */
export const CORRECTION = (p: string) => [
  `${p}id: string!`,
  `${p}tenantId: string!`,
  `${p}projectId: string!`,
  `${p}runId: string!`,
  ...SUBJECT(`${p}subject`),
  `${p}decisions: string enum(right,wrong)`,
  `${p}shouldCall: array`,
  `${p}shouldCall[]: object`,
  `${p}shouldCall[].tool: string! len(1..200)`,
  `${p}shouldCall[].args: object! props(..100)`,
  // "The partial set of top-level argument fields to compare": any field, which the rendered page
  // leaves implicit (no `_key_` line, unlike `details`), and the document says aloud.
  `${p}shouldCall[].args{}: any`,
  `${p}mustNotCall: array`,
  `${p}mustNotCall[]: string`,
  `${p}answer: string enum(right,wrong)`,
  `${p}shouldSay: string`,
  `${p}why: string`,
  `${p}items: array`,
  `${p}items[]: object`,
  `${p}items[].key: string! len(1..)`,
  `${p}items[].pointer: string`,
  `${p}items[].rank: integer`,
  `${p}items[].verdict: string! enum(right,wrong)`,
  `${p}correctorGroupId: string`,
  `${p}expert: boolean`,
  ...ACTOR(`${p}madeBy`, true),
  `${p}participantId: string`,
  `${p}status: string! enum(open,being-fixed,with-owner,fixed,wont-fix,removed)`,
  `${p}sortedTo: string enum(improve,developer,owner)`,
  `${p}sorted: object`,
  `${p}sorted.by: oneOf! discriminator(kind)`,
  `${p}sorted.by|0.kind: string! enum(fix-job,rule)`,
  `${p}sorted.by|1.kind: string! enum(user,service)`,
  `${p}sorted.by|1.id: string!`,
  `${p}sorted.reason: string`,
  `${p}sorted.at: string! format(date-time)`,
  `${p}link: oneOf discriminator(kind)`,
  `${p}link|0.kind: string! enum(improve-run,suggested-change)`,
  `${p}link|0.id: string!`,
  `${p}link|1.kind: string! enum(pull-request)`,
  `${p}link|1.url: string! format(uri)`,
  `${p}fixedIn: object`,
  `${p}fixedIn.version: string`,
  `${p}fixedIn.how: string! enum(pin,latest,recorded-right)`,
  ...ACTOR(`${p}fixedIn.by`, false),
  `${p}fixedIn.at: string! format(date-time)`,
  `${p}reopenedIn: object`,
  `${p}reopenedIn.version: string!`,
  `${p}reopenedIn.how: string! enum(pin,went-back,unpin,latest)`,
  ...ACTOR(`${p}reopenedIn.by`, false),
  `${p}reopenedIn.at: string! format(date-time)`,
  `${p}statusNote: object`,
  `${p}statusNote.text: string!`,
  ...ACTOR(`${p}statusNote.by`, true),
  `${p}statusNote.at: string! format(date-time)`,
  `${p}createdAt: string! format(date-time)`,
  `${p}updatedAt: string! format(date-time)`,
  `${p}unregisteredAt: string format(date-time)`,
  `${p}supersededBy: string`,
];

/** Page 000: the stored copy of the run. The 200/500 bounds come from the page's prose ("at most"). */
export const RUN_COPY = [
  'run: object!',
  'run.runId: string!',
  ...SUBJECT('run.subject'),
  'run.input: any!',
  'run.context: object',
  'run.context.history: array items(..200)',
  'run.context.historyTruncated: boolean',
  'run.context.retrieved: any',
  'run.context.recalled: any',
  'run.context.sessionApproval: object',
  'run.context.sessionApproval.approved: boolean!',
  'run.context.sessionApproval.rationale: string',
  'run.context.flow: object',
  'run.context.flow.calls: array! items(..500)',
  'run.context.flow.calls[]: object',
  'run.context.flow.calls[].runId: string!',
  'run.context.flow.calls[].nodeId: string',
  'run.context.flow.calls[].scope: string',
  'run.context.flow.calls[].toolId: string!',
  'run.context.flow.calls[].arguments: any',
  'run.context.flow.calls[].result: any',
  'run.context.flow.calls[].fromEvent: boolean',
  'run.context.flow.steps: array!',
  'run.context.flow.steps[]: object',
  'run.context.flow.steps[].runId: string!',
  'run.context.flow.steps[].nodeId: string',
  'run.context.flow.steps[].scope: string',
  'run.context.flow.steps[].agentId: string!',
  'run.context.flow.steps[].agentVersion: string!',
  'run.context.flow.steps[].retrieved: any',
  'run.context.flow.steps[].recalled: any',
  'run.context.flow.truncated: boolean',
  'run.context.toolEnv: object',
  'run.context.toolEnv{}: object',
  'run.context.toolEnv{}{}: string',
  'run.replayOf: string',
  'run.output: any!',
  'run.segments: array',
  'run.segments[]: object',
  'run.segments[].key: string! pattern(^[a-z][a-z0-9_-]{0,63}$)',
  'run.segments[].value: string! len(1..256)',
  'run.capturedAt: string! format(date-time)',
];

/** Page 001: the page envelope around listed corrections. */
export const CORRECTION_PAGE = [
  'data: array!',
  'data[]: object',
  ...CORRECTION('data[].'),
  'nextCursor: string',
  'hasMore: boolean!',
];

/**
 * Page 001: its 16 query parameters, and `inherit`, which the page names only in scopeKind's
 * description ("the ?scopeKind + ?scopeId + ?inherit triplet") without a type: the type is the
 * mock's reading (the platform's scope parser takes `true` or `false`), so the document marks it
 * `x-inferred` (INFERRED_LIST_PARAMETERS).
 */
export const LIST_PARAMETERS = [
  'query limit: integer range(1..100) default(25)',
  'query cursor: string',
  'query runId: string len(1..)',
  'query agentId: string len(1..)',
  'query agentVersion: string len(1..)',
  'query flowId: string len(1..)',
  'query status: array',
  'query status[]: string enum(not-fixed,open,being-fixed,with-owner,fixed,wont-fix,removed)',
  'query sortedTo: array',
  'query sortedTo[]: string enum(none,improve,developer,owner)',
  'query from: string enum(experts,end-users,all) default(all)',
  'query madeBy: string enum(me)',
  'query since: string format(date-time)',
  'query until: string format(date-time)',
  'query correctorGroupId: string len(1..)',
  'query participantId: string len(1..)',
  'query scopeKind: string enum(tenant,org,project)',
  'query scopeId: string len(1..)',
  'query inherit: boolean',
];

/** Page 001's parameters the page names without describing them: the document marks these `x-inferred`. */
export const INFERRED_LIST_PARAMETERS = ['inherit'];

const CHECK_RUN = (path: string) => [
  `${path}: object`,
  `${path}.testRunId: string! format(uuid)`,
  `${path}.passing: integer`,
  `${path}.of: integer`,
  `${path}.costPerConversation: string`,
];

const BLOCK_CONTENT = (path: string) => [
  `${path}: object`,
  `${path}.values: object`,
  `${path}.values{}: any`,
  `${path}.template: string`,
];

/**
 * Page 002: a suggested change, as the page renders it (one object per property). The 100 bound
 * on `fixes` comes from its prose ("the first 100 at most"). The document states `madeBy`,
 * `changes[]` and `note` as unions (KIND_UNIONS); SUGGESTED_CHANGE_BY_KIND is this table so.
 */
export const SUGGESTED_CHANGE = [
  'id: string! format(uuid)',
  'agentId: string!',
  'projectId: string format(uuid)',
  'title: string!',
  'madeBy: object!',
  'madeBy.kind: string! enum(improve-run,person,service,deploy,offer)',
  'madeBy.improveRunId: string',
  'madeBy.scheduleId: string',
  'madeBy.userId: string',
  'madeBy.id: string',
  'madeBy.deploymentId: string',
  ...ACTOR('madeBy.by', false),
  'madeBy.fromProjectId: string format(uuid)',
  'madeBy.pinChangeId: string',
  'builtOn: object!',
  'builtOn.version: string!',
  'builtOn.rebuiltAt: string format(date-time)',
  'version: string',
  'changes: array!',
  'changes[]: object',
  'changes[].kind: string! enum(block,code)',
  'changes[].blockId: string',
  'changes[].deploymentId: string',
  'changes[].imageDigest: string',
  'changes[].from: string',
  'changes[].to: string',
  ...BLOCK_CONTENT('changes[].before'),
  ...BLOCK_CONTENT('changes[].after'),
  'why: string!',
  'fixes: array! items(..100)',
  'fixes[]: string',
  'correctionCount: integer',
  'check: object!',
  'check.status: string! enum(not-started,running,done,failed)',
  'check.testSetId: string',
  'check.testSetVersion: string',
  ...CHECK_RUN('check.now'),
  ...CHECK_RUN('check.with'),
  'check.newlyFailing: array',
  'check.newlyFailing[]: string',
  'check.startedAt: string format(date-time)',
  'status: string! enum(checking,check-failed,ready,waiting-for-second-person,pinned,added-as-latest,withdrawn)',
  'note: object',
  'note.kind: string! enum(gate-refused,rejected,expired,superseded,not-running)',
  'note.pinChangeId: string',
  'note.version: string',
  'pinned: object',
  'pinned.version: string!',
  ...ACTOR('pinned.by', true),
  'pinned.at: string! format(date-time)',
  'approvalId: string',
  'addedAsLatest: object',
  'addedAsLatest.version: string!',
  ...ACTOR('addedAsLatest.by', true),
  'addedAsLatest.at: string! format(date-time)',
  'addedAsLatest.reason: string',
  'withdrawn: object',
  ...ACTOR('withdrawn.by', true),
  'withdrawn.reason: string!',
  'withdrawn.at: string! format(date-time)',
  'createdAt: string! format(date-time)',
  'updatedAt: string! format(date-time)',
];

/** Every page: the error envelope of 400, 401, 404 and 503. */
export const ERROR_ENVELOPE = [
  'error: object!',
  'error.code: string!',
  'error.message: string!',
  'error.details: object',
  'error.details{}: any',
  'error.requestId: string!',
];

/**
 * An object the page renders once, whose `kind` its prose says decides which fields apply: the
 * document states it as a `oneOf` with `discriminator: kind`, one branch per shape the prose
 * describes, in the prose's order. A shape the prose gives several kinds at once (the four pins
 * that did not go through) is one branch with an enum; any other branch has its kind as a const.
 */
export interface KindUnion {
  readonly path: string;
  readonly branches: ReadonlyArray<{ readonly kinds: readonly string[]; readonly fields: readonly string[] }>;
}

/** Page 002's prose for `madeBy`, `changes[]` and `note`, shape by shape. */
export const KIND_UNIONS: readonly KindUnion[] = [
  {
    // "`improve-run`: an Improve run (`improveRunId`, and `scheduleId` when a schedule started it).
    // `person`: a person (`userId`). `service`: a service account (`id`). `deploy`: a deploy, …
    // (`deploymentId`, and who deployed, `by`). `offer`: … (`fromProjectId`, `pinChangeId`)."
    path: 'madeBy',
    branches: [
      { kinds: ['improve-run'], fields: ['improveRunId', 'scheduleId'] },
      { kinds: ['person'], fields: ['userId'] },
      { kinds: ['service'], fields: ['id'] },
      { kinds: ['deploy'], fields: ['deploymentId', 'by'] },
      { kinds: ['offer'], fields: ['fromProjectId', 'pinChangeId'] },
    ],
  },
  {
    // "`block`: a new version of a block … (`blockId`). `from` is the block version …, and `to`
    // the one it published … adds … (`before`) and … (`after`). `code`: a deploy's new agent
    // version, whole (`deploymentId`, and `imageDigest` …), with no content before and after."
    path: 'changes[]',
    branches: [
      { kinds: ['block'], fields: ['blockId', 'from', 'to', 'before', 'after'] },
      { kinds: ['code'], fields: ['deploymentId', 'imageDigest'] },
    ],
  },
  {
    // "`gate-refused`, `rejected` …, `expired` …, or `superseded` …. `pinChangeId` is that pin's
    // change in the pin history. Or, on a deploy's suggested change, `not-running`: the version
    // its project runs (`version`) isn't running …"
    path: 'note',
    branches: [
      { kinds: ['gate-refused', 'rejected', 'expired', 'superseded'], fields: ['pinChangeId'] },
      { kinds: ['not-running'], fields: ['version'] },
    ],
  },
];

/**
 * The page's lines with each union's object restated as its branches (`path|N.field`).
 * - Throws when a union's prose names a kind or field the page does not render, leaves one out,
 *   or names one twice: the transcription of the prose must cover the page exactly.
 */
export function byKind(lines: readonly string[], unions: readonly KindUnion[]): string[] {
  return unions.reduce<string[]>((restated, union) => restateUnion(restated, union), [...lines]);
}

function restateUnion(lines: readonly string[], { path, branches }: KindUnion): string[] {
  const head = lines.find((line) => line.startsWith(`${path}: object`));
  const kindLine = lines.find((line) => line.startsWith(`${path}.kind: `));
  const kinds = /enum\(([^)]*)\)/.exec(kindLine ?? '')?.[1]?.split(',');
  if (!head || !kindLine || !kinds) throw new Error(`${path}: the page renders no object with a kind enum there`);
  const fieldOf = (line: string) => /^[^.[{:|]+/.exec(line.slice(path.length + 1))![0];
  const children = lines.filter((line) => line.startsWith(`${path}.`) && line !== kindLine);
  sameSet(`${path} kinds`, branches.flatMap((b) => b.kinds), kinds);
  sameSet(`${path} fields`, branches.flatMap((b) => b.fields), [...new Set(children.map(fieldOf))]);

  const rest = lines.filter((line) => line !== head && line !== kindLine && !children.includes(line));
  const restated = branches.flatMap(({ kinds: branchKinds, fields }, index) => [
    `${path}|${index}.kind: string! ${branchKinds.length === 1 ? `const(${branchKinds[0]})` : `enum(${branchKinds.join(',')})`}`,
    ...children.filter((line) => fields.includes(fieldOf(line))).map((line) => `${path}|${index}.${line.slice(path.length + 1)}`),
  ]);
  return [...rest, head.replace(': object', ': oneOf') + ' discriminator(kind)', ...restated];
}

function sameSet(what: string, named: readonly string[], rendered: readonly string[]): void {
  const twice = named.filter((name, index) => named.indexOf(name) !== index);
  const missing = rendered.filter((name) => !named.includes(name));
  const unknown = named.filter((name) => !rendered.includes(name));
  if (twice.length + missing.length + unknown.length > 0) {
    throw new Error(`${what}: named twice [${twice.join(', ')}], left out [${missing.join(', ')}], not on the page [${unknown.join(', ')}]`);
  }
}

/** Page 002 as the document states it: SUGGESTED_CHANGE with `madeBy`, `changes[]` and `note` as their unions. */
export const SUGGESTED_CHANGE_BY_KIND = byKind(SUGGESTED_CHANGE, KIND_UNIONS);

/** The documented operations: parameters (beyond the list's), statuses, and the 200 body. */
export const PAGES = [
  {
    page: '000',
    operationId: 'getCorrection',
    method: 'get',
    path: '/v1/corrections/{correctionId}',
    parameters: ['path correctionId: string! len(1..)'],
    statuses: ['200', '401', '404', '503'],
    body: [...CORRECTION(''), ...RUN_COPY],
  },
  {
    page: '001',
    operationId: 'listCorrections',
    method: 'get',
    path: '/v1/corrections',
    parameters: LIST_PARAMETERS,
    statuses: ['200', '400', '401', '503'],
    body: CORRECTION_PAGE,
  },
  {
    page: '002',
    operationId: 'getSuggestedChange',
    method: 'get',
    path: '/v1/suggested-changes/{suggestedChangeId}',
    parameters: ['path suggestedChangeId: string! format(uuid)'],
    statuses: ['200', '401', '404', '503'],
    body: SUGGESTED_CHANGE_BY_KIND,
  },
] as const;
