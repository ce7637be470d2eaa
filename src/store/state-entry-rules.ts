// What a state-file entry must be to be replayed, held to the rules a write is held to: a set of
// changes of the known keys, each record valid against the world's schemas and the domain rules,
// naming projects, runs, agents and suggested changes that exist; or the base world's clock, a
// time the clock may read.
import { viewSuggestedChange } from '../domain/suggested-change-view.ts';
import type { Org, Principal, Tenant } from '../domain/world.ts';
import { WORLD_RECORD_SCHEMAS } from '../fixtures/world-schemas.ts';
import { componentRef, createSpecAjv, type ErrorObject, type ValidateFunction } from '../spec/ajv.ts';
import type { JsonSchema, OpenApiDocument } from '../spec/openapi-types.ts';
import { adoptedValidator, compileSpecValidators, type SpecSchema } from '../spec/validators.ts';
import { clockRangeProblem } from '../worlds/mock-clock.ts';
import type { ClockEntry } from './state-lines.ts';
import { isEmpty, WORLD_CHANGE_KEYS, type WorldChanges } from './world-changes.ts';
import { ruleBreaks, type WorldLookup } from './world-store.ts';

/** What an entry's projects and principals are checked against beside `lookup` (the tenants and orgs never change). */
export interface EntryWorld {
  principalByToken(token: string): Principal | undefined;
  tenant(id: string): Tenant | undefined;
  org(id: string): Org | undefined;
}

/**
 * Every problem of one entry, one sentence each; empty when it may be replayed over `lookup`.
 * - Without `world`, a project's org and a principal's token are left to the world check after the replay.
 */
export type EntryCheck = (value: unknown, lookup: WorldLookup, world?: EntryWorld) => string[];

const text = { type: 'string', minLength: 1 } as const;
const list = (items: JsonSchema) => ({ type: 'array', items });
/** An object of exactly these properties, each required but those named in `optional`. */
const strictObject = (properties: Record<string, JsonSchema>, optional: readonly string[] = []) =>
  ({ type: 'object', required: Object.keys(properties).filter((name) => !optional.includes(name)), properties, additionalProperties: false });

/** A set of changes as the journal holds it (world-changes.ts), its records as the world's schemas say. */
const WORLD_CHANGES_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    projects: list(WORLD_RECORD_SCHEMAS.projects!),
    principals: list(WORLD_RECORD_SCHEMAS.principals!),
    corrections: list(WORLD_RECORD_SCHEMAS.corrections!),
    suggestedChanges: list(WORLD_RECORD_SCHEMAS.suggestedChanges!),
    runs: list(WORLD_RECORD_SCHEMAS.runs!),
    agents: list(WORLD_RECORD_SCHEMAS.agents!),
    blocks: list(WORLD_RECORD_SCHEMAS.blocks!),
    // Only an approval made with --approval-ms has an expiry.
    approvals: list(strictObject({ id: text, suggestedChangeId: text, pinnedBy: componentRef('Actor'), pinChangeId: text, expiresAt: { type: 'number' } }, ['expiresAt'])),
    closedApprovals: list(text),
    checks: list(strictObject({ suggestedChangeId: text, endsAt: { type: 'number' }, fails: { type: 'boolean' } })),
    finishedChecks: list(text),
    replies: list(strictObject({ slot: text, fingerprint: text, status: { type: 'integer', minimum: 100, maximum: 599 }, text: { type: 'string' }, expires: { type: 'number' } })),
  } satisfies Record<(typeof WORLD_CHANGE_KEYS)[number], JsonSchema>,
};

/** The clock as `/__mock/clock` left it (state-lines.ts ClockEntry). */
const CLOCK_ENTRY_SCHEMA = strictObject({ clock: strictObject({ now: { type: 'number' }, frozen: { type: 'boolean' }, at: { type: 'number' } }) });

const CHANGES_KEY = 'state-entry/changes';
const CLOCK_KEY = 'state-entry/clock';

/**
 * The entries' schemas, for loadCompiledSpec to compile and keep with the document's validators
 * in its cache: a start that finds them kept compiles neither (0.1 to 0.3 s of a restore).
 */
export const STATE_ENTRY_SCHEMAS: readonly SpecSchema[] = [
  { key: CHANGES_KEY, where: 'a state file\'s set of changes', schema: WORLD_CHANGES_SCHEMA },
  { key: CLOCK_KEY, where: 'a state file\'s clock entry', schema: CLOCK_ENTRY_SCHEMA },
];

interface Validators { changes: ValidateFunction; clock: ValidateFunction; view: ValidateFunction }

// Once per document: from the compiled spec's cache when the document came with them, else compiled here.
const compiled = new WeakMap<OpenApiDocument, Validators>();

/**
 * The check of one entry, for this document's schemas.
 * - Shape first (an object of lists, known keys, something to change), then the schemas, the
 *   derived suggested change against the document, the domain rules, and references.
 */
export function entryChecker(document: OpenApiDocument): EntryCheck {
  let validators = compiled.get(document);
  if (!validators) {
    const kept = { changes: adoptedValidator(document, CHANGES_KEY), clock: adoptedValidator(document, CLOCK_KEY) };
    const ajv = kept.changes && kept.clock ? undefined : createSpecAjv(document);
    validators = {
      changes: kept.changes ?? ajv!.compile(WORLD_CHANGES_SCHEMA),
      clock: kept.clock ?? ajv!.compile(CLOCK_ENTRY_SCHEMA),
      view: compileSpecValidators(document).component('SuggestedChange'),
    };
    compiled.set(document, validators);
  }
  const { changes: validateChanges, clock: validateClock, view: validateView } = validators;
  return (value, lookup, world) => {
    if (isClockEntry(value)) {
      if (!validateClock(value)) return schemaProblems(value as unknown as Record<string, unknown>, validateClock.errors ?? []);
      const outside = clockRangeProblem(value.clock.now) ?? (Number.isFinite(value.clock.at) ? undefined : 'the clock\'s "at" is not a time');
      return outside ? [outside] : [];
    }
    const shape = shapeProblem(value);
    if (shape !== undefined) return [shape];
    if (!validateChanges(value)) return schemaProblems(value as Record<string, unknown>, validateChanges.errors ?? []);
    const changes = value as WorldChanges;
    // The entry's own projects count as the world's: its records may name them.
    const projectOf = (id: string) => changes.projects?.find((p) => p.id === id) ?? lookup.project(id);
    const blockOf = (id: string) => changes.blocks?.find((b) => b.id === id) ?? lookup.block(id);
    const problems: string[] = [];
    for (const state of changes.suggestedChanges ?? []) {
      if (!validateView(viewSuggestedChange(state, blockOf))) {
        problems.push(...(validateView.errors ?? []).map((e) => `suggested change ${state.id}${e.instancePath.replaceAll('/', '.')}: ${e.message ?? 'does not match the document'}`));
      }
    }
    const ruleWorld = { block: lookup.block, project: lookup.project, ...(world ? { principalByToken: world.principalByToken } : {}) };
    return [...problems, ...ruleBreaks(changes, ruleWorld), ...referenceProblems(changes, { ...lookup, project: projectOf }, world)];
  };
}

/** An entry that sets the clock: an object with `clock` (checked against its schema next). */
export function isClockEntry(value: unknown): value is ClockEntry {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.hasOwn(value, 'clock');
}

function shapeProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const what = value === null ? 'null' : Array.isArray(value) ? 'a list' : `a ${typeof value}`;
    return `it is ${what}, not a set of changes (an object of lists)`;
  }
  const unknown = Object.keys(value).filter((key) => !(WORLD_CHANGE_KEYS as readonly string[]).includes(key));
  if (unknown.length > 0) return `it has ${unknown.map((k) => `"${k}"`).join(', ')}; a set of changes has only ${WORLD_CHANGE_KEYS.join(', ')}`;
  const notLists = Object.entries(value).filter(([, v]) => !Array.isArray(v)).map(([k]) => k);
  if (notLists.length > 0) return `${notLists.join(', ')} ${notLists.length === 1 ? 'is not a list' : 'are not lists'}`;
  if (isEmpty(value as WorldChanges)) return 'it changes nothing (a write that changes nothing is never journalled)';
  return undefined;
}

/** `corrections[0] (cor_…) › status: must have required property 'status'`, one per error. */
function schemaProblems(value: Record<string, unknown>, errors: ErrorObject[]): string[] {
  return errors.slice(0, 10).map((error) => {
    const [key = '', index = '', ...rest] = error.instancePath.split('/').slice(1);
    const record = (value[key] as unknown[] | undefined)?.[Number(index)];
    const id = typeof record === 'object' && record !== null ? (record as { id?: unknown; slot?: unknown }).id ?? (record as { suggestedChangeId?: unknown }).suggestedChangeId : undefined;
    const where = key === '' ? '(the entry)' : `${key}${index === '' ? '' : `[${index}]`}${typeof id === 'string' ? ` (${id})` : ''}`;
    const field = [...rest, ...(error.keyword === 'required' ? [(error.params as { missingProperty: string }).missingProperty] : [])].join('.');
    const extra = error.keyword === 'unevaluatedProperties' || error.keyword === 'additionalProperties'
      ? ` (${String((error.params as Record<string, unknown>).unevaluatedProperty ?? (error.params as Record<string, unknown>).additionalProperty)})`
      : '';
    return `${where}${field ? ` › ${field}` : ''}: ${error.message ?? 'does not match the schema'}${extra}`;
  });
}

/** Records that name another record the world (or this same entry) does not have. */
function referenceProblems(changes: WorldChanges, lookup: WorldLookup, world: EntryWorld | undefined): string[] {
  const inEntry = (records: Array<{ id: string }> | undefined, id: string) => records?.some((r) => r.id === id) === true;
  const project = (id: string) => lookup.project(id) !== undefined;
  const run = (id: string) => inEntry(changes.runs, id) || lookup.run(id) !== undefined;
  const agent = (id: string) => inEntry(changes.agents, id) || lookup.agent(id) !== undefined;
  const suggestedChange = (id: string) => inEntry(changes.suggestedChanges, id) || lookup.suggestedChange(id) !== undefined;
  const problems: string[] = [];
  const need = (ok: boolean, what: string) => {
    if (!ok) problems.push(what);
  };
  for (const p of changes.projects ?? []) {
    const org = world?.org(p.orgId);
    if (world) need(org !== undefined && org.tenantId === p.tenantId, `project ${p.id}: no org ${p.orgId} in tenant ${p.tenantId}`);
  }
  for (const p of changes.principals ?? []) {
    if (world) need(world.tenant(p.tenantId) !== undefined, `principal ${p.id}: no tenant ${p.tenantId}`);
  }
  for (const c of changes.corrections ?? []) {
    need(project(c.projectId), `correction ${c.id}: no project ${c.projectId}`);
    need(run(c.runId), `correction ${c.id}: no run ${c.runId}`);
  }
  for (const s of changes.suggestedChanges ?? []) {
    need(agent(s.agentId), `suggested change ${s.id}: no agent ${s.agentId}`);
    if (s.projectId !== undefined) need(project(s.projectId), `suggested change ${s.id}: no project ${s.projectId}`);
  }
  for (const r of changes.runs ?? []) need(project(r.projectId), `run ${r.id}: no project ${r.projectId}`);
  for (const a of changes.agents ?? []) need(project(a.projectId), `agent ${a.id}: no project ${a.projectId}`);
  for (const b of changes.blocks ?? []) need(agent(b.agentId), `block ${b.id}: no agent ${b.agentId}`);
  for (const a of changes.approvals ?? []) need(suggestedChange(a.suggestedChangeId), `approval ${a.id}: no suggested change ${a.suggestedChangeId}`);
  for (const c of changes.checks ?? []) need(suggestedChange(c.suggestedChangeId), `check of ${c.suggestedChangeId}: no such suggested change`);
  return problems;
}
