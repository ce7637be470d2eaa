// Turns the query of `GET /v1/corrections` into a filter, a page size and a cursor, refusing
// anything the spec (page 001) does not allow with `bad-input` or `scope-invalid`.
import { expandStatuses, type CorrectionFilter, type SortedToFilterValue, type StatusFilterValue } from '../domain/correction-filter.ts';
import type { Principal } from '../domain/world.ts';
import type { ParameterObject } from '../spec/openapi-types.ts';
import type { ValidateFunction } from '../spec/ajv.ts';
import type { SpecValidators } from '../spec/validators.ts';
import { ApiError } from './api-error.ts';
import { refuseManyValues } from './input-limits.ts';

const OPERATION = 'listCorrections';

export interface ListRequest {
  limit: number;
  cursor?: string;
  filter: CorrectionFilter;
  /** The filters a cursor is bound to: every parameter but `cursor` and `limit`, normalised. */
  cursorFilters: Record<string, unknown>;
}

type RawQuery = Record<string, string | string[] | undefined>;

/**
 * The scope triplet page 001 names (`?scopeKind + ?scopeId + ?inherit`): the platform's scope
 * parser answers `scope-invalid` for any malformed member of it, not `bad-input`.
 */
const SCOPE_PARAMETERS: ReadonlySet<string> = new Set(['scopeKind', 'scopeId', 'inherit']);
const refusalCode = (name: string) => (SCOPE_PARAMETERS.has(name) ? 'scope-invalid' : 'bad-input');

/** Reads and checks the query's values against the spec's parameters; throws ApiError on the first problem. */
export function parseListQuery(query: RawQuery, caller: Principal, validators: SpecValidators): ListRequest {
  // Names the operation does not document never reach here: the core refuses them for every
  // operation (stages/query-parameters.ts).
  const parameters = queryParametersOf(validators);
  const values: Record<string, unknown> = {};
  for (const [name, { parameter, validate }] of parameters) {
    const raw = query[name];
    if (raw === undefined) continue;
    const value = coerce(parameter, raw);
    if (!validate(value)) {
      const problem = validate.errors?.[0];
      throw new ApiError(refusalCode(parameter.name), `query parameter "${parameter.name}" ${problem?.message ?? 'is not valid'}${problem?.instancePath ? ` (item ${problem.instancePath.slice(1)})` : ''}`, {
        parameter: parameter.name,
        value: raw,
        ...(problem?.params ? { expected: problem.params } : {}),
      });
    }
    values[parameter.name] = value;
  }
  const list: ListRequest = { limit: (values.limit as number | undefined) ?? 25, filter: toFilter(values, caller), cursorFilters: cursorFilters(values) };
  if (values.cursor !== undefined) list.cursor = values.cursor as string;
  return list;
}

interface QueryParameter {
  parameter: ParameterObject;
  validate: ValidateFunction;
}

/** The operation's query parameters by name, in the document's order, with their validators: looked up once per spec. */
const queryParameters = new WeakMap<SpecValidators, Map<string, QueryParameter>>();

function queryParametersOf(validators: SpecValidators): Map<string, QueryParameter> {
  let found = queryParameters.get(validators);
  if (!found) {
    const inQuery = validators.operation(OPERATION).parameters.filter((p) => p.in === 'query');
    found = new Map(inQuery.map((parameter) => [parameter.name, { parameter, validate: validators.parameter(OPERATION, 'query', parameter.name)! }]));
    queryParameters.set(validators, found);
  }
  return found;
}

/**
 * Repeated or comma-separated values for arrays (page 001); one value, as a number where the spec
 * says integer and as `true`/`false` where it says boolean. Anything else stays text, for the
 * validator to refuse.
 */
function coerce(parameter: ParameterObject, raw: string | string[]): unknown {
  const type = parameter.schema.type;
  if (type === 'array') {
    const values = (Array.isArray(raw) ? raw : [raw]).flatMap((value) => value.split(','));
    refuseManyValues(parameter.name, values);
    return values;
  }
  if (Array.isArray(raw)) throw new ApiError(refusalCode(parameter.name), `query parameter "${parameter.name}" is given ${raw.length} times; give it once`, { parameter: parameter.name, value: raw });
  if (type === 'integer') return /^-?\d+$/.test(raw) ? Number(raw) : raw;
  if (type === 'boolean') return raw === 'true' ? true : raw === 'false' ? false : raw;
  return raw;
}

// Every list request builds a filter: no closures made per request (each one is an allocation,
// and under tsx, which keeps function names, a defineProperty too).
function toFilter(values: Record<string, unknown>, caller: Principal): CorrectionFilter {
  if (textOf(values, 'agentVersion') !== undefined && textOf(values, 'agentId') === undefined) {
    throw new ApiError('bad-input', 'query parameter "agentVersion" needs "agentId"', { parameter: 'agentVersion' });
  }
  // `inherit` was checked with its triplet, but narrows nothing: on a content list it changes nothing.
  const scope = scopeOf(textOf(values, 'scopeKind'), textOf(values, 'scopeId'));
  const statuses = values.status as StatusFilterValue[] | undefined;
  const sortedTo = values.sortedTo as SortedToFilterValue[] | undefined;
  const filter: CorrectionFilter = { from: (textOf(values, 'from') as CorrectionFilter['from'] | undefined) ?? 'all' };
  // Only the filters given become keys; assigned one by one, since every list request builds one.
  setGiven(filter, 'runId', textOf(values, 'runId'));
  setGiven(filter, 'agentId', textOf(values, 'agentId'));
  setGiven(filter, 'agentVersion', textOf(values, 'agentVersion'));
  setGiven(filter, 'flowId', textOf(values, 'flowId'));
  if (statuses) filter.statuses = expandStatuses(statuses);
  if (sortedTo) filter.sortedTo = [...new Set(sortedTo)].sort();
  if (textOf(values, 'madeBy') === 'me') filter.madeBy = { kind: caller.kind, id: caller.id };
  setGiven(filter, 'since', timeOf(values, 'since'));
  setGiven(filter, 'until', timeOf(values, 'until'));
  setGiven(filter, 'correctorGroupId', textOf(values, 'correctorGroupId'));
  setGiven(filter, 'participantId', textOf(values, 'participantId'));
  setGiven(filter, 'orgId', scope.orgId);
  setGiven(filter, 'projectId', scope.projectId);
  return filter;
}

function textOf(values: Record<string, unknown>, name: string): string | undefined {
  return values[name] as string | undefined;
}

/** A date-time parameter as ms since the epoch; parsed only when given. */
function timeOf(values: Record<string, unknown>, name: string): number | undefined {
  const text = textOf(values, name);
  return text === undefined ? undefined : Date.parse(text);
}

function setGiven<K extends keyof CorrectionFilter>(filter: CorrectionFilter, key: K, value: CorrectionFilter[K] | undefined): void {
  if (value !== undefined) filter[key] = value;
}

/** The `scopeKind` + `scopeId` pair (page 001): `tenant` takes no id; `org` and `project` need one. */
function scopeOf(kind: string | undefined, id: string | undefined): Pick<CorrectionFilter, 'orgId' | 'projectId'> {
  if (kind === undefined && id !== undefined) throw new ApiError('scope-invalid', 'scopeId needs scopeKind (org or project)', { scopeId: id });
  if (kind === 'tenant' && id !== undefined) throw new ApiError('scope-invalid', 'scopeKind=tenant takes no scopeId: the tenant comes from the token', { scopeKind: kind, scopeId: id });
  if ((kind === 'org' || kind === 'project') && id === undefined) throw new ApiError('scope-invalid', `scopeKind=${kind} needs a scopeId`, { scopeKind: kind });
  if (kind === 'org') return { orgId: id! };
  if (kind === 'project') return { projectId: id! };
  return {};
}

/**
 * Order-insensitive: arrays sorted and deduplicated, `not-fixed` expanded, absent `from` as `all`.
 * - Only spellings of one value are merged. `inherit` changes nothing on this list, yet it is
 *   bound like every parameter but `cursor` and `limit`, as the platform seals cursors (page 001,
 *   conventions "Lists"): its binding does not know which lists ignore a parameter. Absent stays
 *   apart from `false`, since the page gives `inherit` no default.
 */
function cursorFilters(values: Record<string, unknown>): Record<string, unknown> {
  const filters: Record<string, unknown> = { from: values.from ?? 'all' };
  for (const [name, value] of Object.entries(values)) {
    if (name === 'cursor' || name === 'limit' || name === 'from') continue;
    if (name === 'status') filters.status = expandStatuses(value as StatusFilterValue[]);
    else filters[name] = Array.isArray(value) ? [...new Set(value as string[])].sort() : value;
  }
  return filters;
}
