// The API's resources as TypeScript types, mirroring spec/openapi.yaml (the document wins where
// they differ), plus the world records the pages imply but the API does not return.

export const SUBJECT_KINDS = ['agent', 'flow'] as const;
export const VERDICTS = ['right', 'wrong'] as const;
export const ACTOR_KINDS = ['user', 'service'] as const;
export const CORRECTION_STATUSES = ['open', 'being-fixed', 'with-owner', 'fixed', 'wont-fix', 'removed'] as const;
export const NOT_FIXED_STATUSES = ['open', 'being-fixed', 'with-owner'] as const;
export const SORTED_TO = ['improve', 'developer', 'owner'] as const;
export const SORTER_KINDS = ['fix-job', 'rule'] as const;
export const LINK_KINDS = ['improve-run', 'suggested-change', 'pull-request'] as const;
export const FIXED_HOW = ['pin', 'latest', 'recorded-right'] as const;
export const REOPENED_HOW = ['pin', 'went-back', 'unpin', 'latest'] as const;

export type SubjectKind = (typeof SUBJECT_KINDS)[number];
export type Verdict = (typeof VERDICTS)[number];
export type ActorKind = (typeof ACTOR_KINDS)[number];
export type CorrectionStatus = (typeof CORRECTION_STATUSES)[number];
export type SortedTo = (typeof SORTED_TO)[number];
export type FixedHow = (typeof FIXED_HOW)[number];
export type ReopenedHow = (typeof REOPENED_HOW)[number];

export interface Actor { kind: ActorKind; id: string }
export interface Subject { kind: SubjectKind; id: string; version: string }
export interface ExpectedCall { tool: string; args: Record<string, unknown> }
export interface CorrectionItem { key: string; pointer?: string; rank?: number; verdict: Verdict }

export interface Sorted {
  by: { kind: (typeof SORTER_KINDS)[number] } | Actor;
  reason?: string;
  at: string;
}

export type CorrectionLink =
  | { kind: 'improve-run' | 'suggested-change'; id: string }
  | { kind: 'pull-request'; url: string };

export interface FixedIn { version?: string; how: FixedHow; by?: Actor; at: string }
export interface ReopenedIn { version: string; how: ReopenedHow; by?: Actor; at: string }
export interface StatusNote { text: string; by: Actor; at: string }

export interface Correction {
  id: string;
  tenantId: string;
  projectId: string;
  runId: string;
  subject: Subject;
  decisions?: Verdict;
  shouldCall?: ExpectedCall[];
  mustNotCall?: string[];
  answer?: Verdict;
  shouldSay?: string;
  why?: string;
  items?: CorrectionItem[];
  correctorGroupId?: string;
  expert?: boolean;
  madeBy: Actor;
  participantId?: string;
  status: CorrectionStatus;
  sortedTo?: SortedTo;
  sorted?: Sorted;
  link?: CorrectionLink;
  fixedIn?: FixedIn;
  reopenedIn?: ReopenedIn;
  statusNote?: StatusNote;
  createdAt: string;
  updatedAt: string;
  unregisteredAt?: string;
  supersededBy?: string;
}

export interface FlowCall {
  runId: string;
  nodeId?: string;
  scope?: string;
  toolId: string;
  arguments?: unknown;
  result?: unknown;
  fromEvent?: boolean;
}

export interface FlowStep {
  runId: string;
  nodeId?: string;
  scope?: string;
  agentId: string;
  agentVersion: string;
  retrieved?: unknown;
  recalled?: unknown;
}

export interface RunContext {
  history?: unknown[];
  historyTruncated?: boolean;
  retrieved?: unknown;
  recalled?: unknown;
  sessionApproval?: { approved: boolean; rationale?: string };
  flow?: { calls: FlowCall[]; steps: FlowStep[]; truncated?: boolean };
  toolEnv?: Record<string, Record<string, string>>;
}

export interface Segment { key: string; value: string }

export interface RunCopy {
  runId: string;
  subject: Subject;
  input: unknown;
  context?: RunContext;
  replayOf?: string;
  output: unknown;
  segments?: Segment[];
  capturedAt: string;
}

export type CorrectionWithCopies = Correction & { run: RunCopy };

export interface CorrectionPage { data: Correction[]; nextCursor?: string; hasMore: boolean }

// Suggested changes

export const SUGGESTED_CHANGE_STATUSES = [
  'checking', 'check-failed', 'ready', 'waiting-for-second-person', 'pinned', 'added-as-latest', 'withdrawn',
] as const;
export const MADE_BY_KINDS = ['improve-run', 'person', 'service', 'deploy', 'offer'] as const;
export const CHANGE_KINDS = ['block', 'code'] as const;
export const CHECK_STATUSES = ['not-started', 'running', 'done', 'failed'] as const;
export const NOTE_KINDS = ['gate-refused', 'rejected', 'expired', 'superseded', 'not-running'] as const;

export type SuggestedChangeStatus = (typeof SUGGESTED_CHANGE_STATUSES)[number];
export type MadeByKind = (typeof MADE_BY_KINDS)[number];
export type CheckStatus = (typeof CHECK_STATUSES)[number];
export type NoteKind = (typeof NOTE_KINDS)[number];

export interface SuggestedChangeMadeBy {
  kind: MadeByKind;
  improveRunId?: string;
  scheduleId?: string;
  userId?: string;
  id?: string;
  deploymentId?: string;
  by?: Actor;
  fromProjectId?: string;
  pinChangeId?: string;
}

export interface BlockContent { values?: Record<string, unknown>; template?: string }

export interface Change {
  kind: (typeof CHANGE_KINDS)[number];
  blockId?: string;
  deploymentId?: string;
  imageDigest?: string;
  from?: string;
  to?: string;
  before?: BlockContent;
  after?: BlockContent;
}

export interface CheckRun { testRunId: string; passing?: number; of?: number; costPerConversation?: string }

export interface Check {
  status: CheckStatus;
  testSetId?: string;
  testSetVersion?: string;
  now?: CheckRun;
  with?: CheckRun;
  newlyFailing?: string[];
  startedAt?: string;
}

export interface SuggestedChangeNote { kind: NoteKind; pinChangeId?: string; version?: string }
export interface Release { version: string; by: Actor; at: string }

export interface SuggestedChange {
  id: string;
  agentId: string;
  projectId?: string;
  title: string;
  madeBy: SuggestedChangeMadeBy;
  builtOn: { version: string; rebuiltAt?: string };
  version?: string;
  changes: Change[];
  why: string;
  fixes: string[];
  correctionCount?: number;
  check: Check;
  status: SuggestedChangeStatus;
  note?: SuggestedChangeNote;
  pinned?: Release;
  approvalId?: string;
  addedAsLatest?: Release & { reason?: string };
  withdrawn?: { by: Actor; reason: string; at: string };
  createdAt: string;
  updatedAt: string;
}

/** What the state of a suggested change stores: the response less what is derived from it. */
export type SuggestedChangeState = Omit<SuggestedChange, 'status' | 'title' | 'correctionCount'>;
