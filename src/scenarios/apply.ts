// The scenario engine: the catalogue (built-in and the user's own), each application checked
// against its parameters' schema, built over a draft, held to the domain rules, then stored in
// one commit (one journalled write under --state), or refused with nothing stored.
import type { MockWorld } from '../http/context.ts';
import { ruleBreaks } from '../store/world-store.ts';
import type { WorldChanges } from '../store/world-changes.ts';
import { createBuilder } from './builder.ts';
import { BUILT_IN_SCENARIOS } from './catalogue/index.ts';
import { ScenarioRefusal, type ScenarioCatalogue, type ScenarioListing, type ScenarioResult } from './contract.ts';
import type { Scenario } from './define.ts';
import { compileParams, type ParamsCheck } from './params.ts';
import { touchedRuleBreaks } from './touched-rules.ts';
import { worldShapeOf } from './world-shape.ts';

export interface ScenarioCatalogueOptions {
  /** The user's own scenarios (defineScenario), after the built-in ones; a name may be used once. */
  scenarios?: ReadonlyArray<Scenario<string, never>>;
}

/** Instants a scenario that does not say is planned for (timeline.ts). */
const DEFAULT_INSTANTS = 1000;
const NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;

interface Entry {
  scenario: Scenario<string, Record<string, unknown>>;
  /** One of the catalogue's own: its build keeps no reference to what it made (see applyEntry). */
  builtIn: boolean;
  check: ParamsCheck;
  listing: ScenarioListing;
}

/**
 * The scenarios one mock knows.
 * - Throws a TypeError for a scenario of the user's whose name is taken (or not lowercase words
 *   joined by hyphens) or whose params schema does not compile.
 * - `apply` throws ScenarioRefusal: `not-found`, `bad-input` (`details.field`), or
 *   `validation-failed` (`details.rule`: the rule the world would break, or what no record fits);
 *   a StateWriteError of the journal passes through. Nothing is stored unless all is.
 */
export function createScenarioCatalogue(options: ScenarioCatalogueOptions = {}): ScenarioCatalogue {
  const entries = new Map<string, Entry>();
  for (const scenario of [...BUILT_IN_SCENARIOS, ...(options.scenarios ?? [])] as Array<Scenario<string, Record<string, unknown>>>) {
    if (typeof scenario.name !== 'string' || !NAME.test(scenario.name)) throw new TypeError(`a scenario's name is lowercase letters, digits and hyphens (at most 64): ${JSON.stringify(scenario.name)}`);
    if (entries.has(scenario.name)) throw new TypeError(`scenario ${scenario.name} is defined twice${BUILT_IN_SCENARIOS.some((s) => s.name === scenario.name) ? ' (it is a built-in one)' : ''}`);
    if (typeof scenario.build !== 'function') throw new TypeError(`scenario ${scenario.name} has no build function`);
    const builtIn = (BUILT_IN_SCENARIOS as readonly unknown[]).includes(scenario);
    // A user's schema is compiled now, so a broken one stops the start; the built-in ones when first applied.
    const { check, schema } = compileParams(scenario.name, scenario.params, { lazily: builtIn });
    entries.set(scenario.name, { scenario, builtIn, check, listing: { name: scenario.name, description: scenario.description, params: schema } });
  }

  return {
    list: () => [...entries.values()].map((entry) => entry.listing),
    has: (name) => entries.has(name),
    apply(world, name, params) {
      const entry = entries.get(name);
      if (!entry) throw new ScenarioRefusal('not-found', `no scenario ${name}; the scenarios are ${[...entries.keys()].join(', ')}`, { scenario: name });
      return applyEntry(world, entry, entry.check(params));
    },
  };
}

function applyEntry(world: MockWorld, entry: Entry, params: Record<string, unknown>): ScenarioResult {
  const { scenario } = entry;
  const session = createBuilder(world, scenario.instants?.(params) ?? DEFAULT_INSTANTS);
  let returned: unknown;
  try {
    returned = scenario.build(session.builder, params);
  } catch (error) {
    if (error instanceof ScenarioRefusal) throw error;
    // A user's build that throws is refused as it is, naming what it said (whatever it threw).
    throw new ScenarioRefusal('validation-failed', `scenario ${scenario.name} failed: ${error instanceof Error ? error.message : String(error)}`, { rule: 'scenario-build' });
  }
  if (isThenable(returned)) {
    // One commit needs the whole draft now: an async build would commit half a world, and its
    // rejection, unheard, would end the process. Refused, and its outcome is swallowed.
    returned.then(undefined, () => {});
    throw new ScenarioRefusal('validation-failed', `scenario ${scenario.name}: build returned a promise; a build must be synchronous (the builder's steps are), so that all of it is stored in one commit or none`, { rule: 'scenario-build-synchronous' });
  }
  const changes = session.changes();
  checkDraft(world, changes, session.builder.now);
  // checkDraft has held these very changes to every rule the store's commit would (ruleBreaks),
  // over the same look-ups. A built-in scenario's records are new objects made for this commit,
  // which nothing keeps once it returns (the result names ids), so the store takes them without
  // a copy; a user's build might keep what the builder handed it and change it later.
  world.store.commit(changes as WorldChanges, { checked: true, handedOver: entry.builtIn });
  const named = session.named();
  return {
    scenario: scenario.name,
    params: { ...params, ...withoutGiven(session.chosen(), params) },
    created: session.builder.created,
    ...(Object.keys(named).length > 0 ? { principals: named } : {}),
  };
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

/** What the scenario chose for a parameter the caller left out (never overriding one given). */
function withoutGiven(chosen: Record<string, unknown>, params: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(chosen).filter(([key]) => params[key] === undefined));
}

/**
 * Refuses the draft when a rule would break: each record's own (the store's ruleBreaks), the
 * world's over what it touched, and its dates (in the past of the clock, never before the
 * version of a record it changes).
 */
function checkDraft(world: MockWorld, changes: ReturnType<ReturnType<typeof createBuilder>['changes']>, now: number): void {
  const { lookup } = world.store;
  // Corrections are held to their own rules by touchedRuleBreaks (checkWorld), not twice.
  const { corrections: _checkedBelow, ...others } = changes;
  const own = ruleBreaks(others as WorldChanges, { block: lookup.block, project: lookup.project, principalByToken: world.store.principalByToken });
  if (own.length > 0) {
    const rule = /: ([a-z0-9-]+) at /.exec(own[0]!)?.[1] ?? 'domain-rules';
    throw new ScenarioRefusal('validation-failed', `the scenario would break ${rule}: ${own[0]}`, { rule, violations: own.slice(0, 20) });
  }
  const dated = [...(changes.corrections ?? []).map((c) => ['correction', c, lookup.correction(c.id)] as const),
    ...(changes.suggestedChanges ?? []).map((s) => ['suggested change', s, lookup.suggestedChange(s.id)] as const)];
  for (const [kind, record, before] of dated) {
    const at = Date.parse(record.updatedAt);
    if (at > now) throw new ScenarioRefusal('validation-failed', `${kind} ${record.id} is dated ${record.updatedAt}, after the world's clock`, { rule: 'dated-before-now' });
    if (before && at < Date.parse(before.updatedAt)) {
      throw new ScenarioRefusal('validation-failed', `${kind} ${record.id} would change at ${record.updatedAt}, before its last change (${before.updatedAt})`, { rule: 'dated-after-what-it-changes' });
    }
  }
  const broken = touchedRuleBreaks(lookup, worldShapeOf(world.store), changes);
  if (broken.length > 0) {
    const first = broken[0]!;
    throw new ScenarioRefusal('validation-failed', `the scenario would break ${first.rule}: ${first.collection} ${first.recordId} at ${first.field}: ${first.message}`, {
      rule: first.rule,
      violations: broken.slice(0, 20),
    });
  }
}
