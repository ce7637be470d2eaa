// `--list-checks`: every check the kit has, where it runs and what it rests on.
import { EXCHANGE_CHECKS } from './checks/index.ts';
import { SCENARIOS } from './scenarios/index.ts';
import { describeSource, type CheckSource } from './sources.ts';
import { statefulCheck } from './stateful/scenario.ts';

export interface ListedCheck {
  name: string;
  /** `every exchange`, or the scenario that reports it. */
  where: string;
  source: CheckSource;
  /** Said of checks whose finding on an x-inferred operation is `inferred`. */
  note?: string;
}

export function listedChecks(): ListedCheck[] {
  const exchange: ListedCheck[] = EXCHANGE_CHECKS.map((check) => ({
    name: check.name,
    where: 'every exchange',
    source: check.source,
    ...(check.byOperation ? { note: 'inferred on an operation the document marks x-inferred (the writes)' } : {}),
  }));
  const scenario: ListedCheck[] = [];
  for (const s of SCENARIOS) {
    for (const check of s.checks) {
      // A scenario that provokes an exchange check's case (provoked 503) reports under that check: one entry.
      const same = exchange.find((e) => e.name === check.name);
      if (same) same.where = `${same.where}, provoked by scenario "${s.name}"`;
      else scenario.push({ name: check.name, where: `scenario "${s.name}"`, source: check.source });
    }
  }
  const walk = statefulCheck();
  return [...exchange, ...scenario, { name: walk.name, where: 'the stateful walk (--stateful)', source: walk.source, note: 'each divergence rests on the rule the model applied there, and says which' }];
}

export function listChecks(): string {
  const checks = listedChecks();
  const width = Math.max(...checks.map((c) => c.name.length));
  const lines = checks.map((c) => `${c.name.padEnd(width)}  ${c.source.kind.padEnd(10)}  ${c.where}: ${describeSource(c.source)}${c.note ? `; ${c.note}` : ''}`);
  return [
    `${checks.length} checks. page: a reference page's sentence; convention: the platform's conventions; inferred: the mock's reading (x-inferred in spec/openapi.yaml), a warning against a target other than the mock unless --strict.`,
    ...lines,
  ].join('\n');
}
