// The world's rules over the records a scenario touches (world-rules.ts checkWorld), without
// walking the whole world: the records it changed, beside every record they refer to or that
// shares a rule with them (the live correction of the same run and maker, a successor, the
// suggested change a correction links to, the corrections a suggested change fixes).
import { isLive } from '../domain/correction-transitions.ts';
import type { Correction } from '../domain/types.ts';
import { checkWorld, type WorldViolation } from '../domain/world-rules.ts';
import type { Agent, Block, Run, StoredSuggestedChange, World } from '../domain/world.ts';
import type { WorldLookup } from '../store/world-store.ts';
import type { ScenarioChanges } from './draft.ts';
import type { WorldShape } from './world-shape.ts';

/** Every rule of checkWorld that the touched records break (their own rules among them), as the world would be after the commit. */
export function touchedRuleBreaks(lookup: WorldLookup, shape: WorldShape, changes: ScenarioChanges): WorldViolation[] {
  // A loop, not map-then-Map: a scenario of 10 000 corrections would make as many pairs to drop.
  const byId = <T extends { id: string }>(records: readonly T[] | undefined) => {
    const found = new Map<string, T>();
    for (const record of records ?? []) found.set(record.id, record);
    return found;
  };
  const touched = {
    corrections: byId(changes.corrections),
    suggestedChanges: byId(changes.suggestedChanges),
    runs: byId(changes.runs),
    agents: byId(changes.agents),
    blocks: byId(changes.blocks),
    projects: byId(changes.projects),
    principals: new Map((changes.principals ?? []).map((p) => [p.token, p] as const)),
  };
  // Records the touched ones meet in a rule, as the store has them (listed before the touched
  // ones, so that a rule two records break together is reported on the touched one).
  const otherCorrections = new Map<string, Correction>();
  const otherChanges = new Map<string, StoredSuggestedChange>();
  const otherRuns = new Map<string, Run>();
  const addCorrection = (id: string | undefined) => {
    if (id === undefined || touched.corrections.has(id) || otherCorrections.has(id)) return;
    const found = lookup.correction(id);
    if (found) otherCorrections.set(id, found);
  };
  for (const correction of touched.corrections.values()) {
    if (!touched.runs.has(correction.runId) && !otherRuns.has(correction.runId)) {
      const run = lookup.run(correction.runId);
      if (run) otherRuns.set(run.id, run);
    }
    addCorrection(correction.supersededBy);
    if (isLive(correction)) addCorrection(lookup.liveCorrectionFor(correction)?.id);
    if (correction.link?.kind === 'suggested-change' && !touched.suggestedChanges.has(correction.link.id)) {
      const linked = lookup.suggestedChange(correction.link.id);
      if (linked) otherChanges.set(linked.id, linked);
    }
  }
  for (const change of touched.suggestedChanges.values()) for (const id of change.fixes) addCorrection(id);
  for (const correction of otherCorrections.values()) {
    if (!touched.runs.has(correction.runId) && !otherRuns.has(correction.runId)) {
      const run = lookup.run(correction.runId);
      if (run) otherRuns.set(run.id, run);
    }
  }

  const withTouched = <T extends { id: string }>(records: readonly T[], own: Map<string, T>) => [
    ...records.map((r) => own.get(r.id) ?? r),
    ...[...own.values()].filter((r) => !records.some((k) => k.id === r.id)),
  ];
  const everyAgent: Agent[] = [...shape.agentIds.values()].flat().map((id) => lookup.agent(id)).filter((a): a is Agent => a !== undefined);
  const everyBlock: Block[] = [...shape.blockIds.values()].flat().map((id) => lookup.block(id)).filter((b): b is Block => b !== undefined);
  const world: World = {
    tenants: [...shape.tenants],
    orgs: [...shape.orgs],
    projects: withTouched(shape.projects, touched.projects),
    principals: [...shape.principals.map((p) => touched.principals.get(p.token) ?? p), ...[...touched.principals.values()].filter((p) => !shape.principals.some((k) => k.token === p.token))],
    correctorGroups: [...shape.correctorGroups],
    agents: withTouched(everyAgent, touched.agents),
    flows: [...shape.flows],
    blocks: withTouched(everyBlock, touched.blocks),
    testSets: [...shape.testSets],
    runs: followedBy(otherRuns, touched.runs),
    corrections: followedBy(otherCorrections, touched.corrections),
    suggestedChanges: followedBy(otherChanges, touched.suggestedChanges),
  };
  // Each touched correction is held to its own rules here too (checkCorrection, as ruleBreaks
  // would), once; the others are the store's, checked when they were stored.
  const found = checkWorld(world, { correctionsChecked: new Set(otherCorrections.values()) });
  const isTouched = (v: WorldViolation) => {
    switch (v.collection) {
      case 'corrections': return touched.corrections.has(v.recordId);
      case 'suggestedChanges': return touched.suggestedChanges.has(v.recordId);
      case 'runs': return touched.runs.has(v.recordId);
      case 'agents': return touched.agents.has(v.recordId);
      case 'blocks': return touched.blocks.has(v.recordId);
      case 'projects': return touched.projects.has(v.recordId);
      case 'principals': return touched.principals.has(v.recordId);
      default: return false;
    }
  };
  return found.filter(isTouched);
}

/** The others' values, then the touched ones' (the draft's own list once deduplicated by id). */
function followedBy<T>(others: ReadonlyMap<string, T>, touched: ReadonlyMap<string, T>): T[] {
  const all: T[] = [];
  for (const record of others.values()) all.push(record);
  for (const record of touched.values()) all.push(record);
  return all;
}
