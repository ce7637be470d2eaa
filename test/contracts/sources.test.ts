// Every check states what it rests on, and the statement holds: an inferred check points at a
// node of spec/openapi.yaml marked x-inferred, a page check quotes its page (checked against the
// reference pages when they are beside the repository), and --list-checks prints them all.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXCHANGE_CHECKS } from '../../contracts/checks/index.ts';
import { listedChecks } from '../../contracts/list-checks.ts';
import { LIMIT_KEEPS } from '../../contracts/scenarios/cursors.ts';
import { INHERIT, SCOPE_PARSER } from '../../contracts/scenarios/filters.ts';
import { SCENARIOS } from '../../contracts/scenarios/index.ts';
import { WALK_RULES } from '../../contracts/stateful/rules.ts';
import { STATEFUL_CHECK } from '../../contracts/stateful/scenario.ts';
import { CONVENTION_SECTIONS, PAGES, SOURCE_KINDS, weigh, type CheckSource } from '../../contracts/sources.ts';
import { loadSpec } from '../../src/spec/load-spec.ts';
import { listOperations } from '../../src/spec/operations.ts';
import { runNode } from '../support/run-node.ts';

const SEEDS = new URL('../../../shared/seeds/', import.meta.url);
const CONVENTIONS = new URL('../../../shared/reference/conventions.md', import.meta.url);
const spec = loadSpec();

function at(pointer: string): unknown {
  return pointer.slice(1).split('/').reduce<unknown>((node, segment) => (node as Record<string, unknown> | undefined)?.[segment.replaceAll('~1', '/').replaceAll('~0', '~')], spec);
}

/** Each check's source, and the narrower ones scenarios give single failures (an inherit query, a limit-only cursor). */
const everySource = (): Array<[string, CheckSource]> => [
  ...listedChecks().map((c): [string, CheckSource] => [c.name, c.source]),
  ['filter-exactness (inherit)', INHERIT], ['scope-invalid (unknown scopeKind)', SCOPE_PARSER], ['cursor-bound-to-filters (limit only)', LIMIT_KEEPS],
  ...Object.entries(WALK_RULES).map(([name, source]): [string, CheckSource] => [`stateful-walk (${name})`, source]),
];
const squash = (text: string) => text.replace(/\s+/g, ' ');

describe('every check states its source', () => {
  it('each check once, with a page, a convention or an inferred reading', () => {
    const names = listedChecks().map((c) => c.name);
    expect(names).toHaveLength(36);
    expect(new Set(names).size).toBe(names.length);
    for (const [name, source] of everySource()) {
      expect(SOURCE_KINDS, name).toContain(source.kind);
      if (source.kind === 'page') for (const page of source.pages) expect(Object.keys(PAGES), name).toContain(page);
      if (source.kind === 'convention') expect(CONVENTION_SECTIONS, name).toContain(source.section);
    }
  });

  it('an inferred check points at a node of spec/openapi.yaml that says x-inferred: true', () => {
    const pointers = everySource().flatMap(([, s]) => (s.kind === 'inferred' ? [s.pointer] : []));
    expect(pointers).toContain('/x-inferred-behaviours/unsupported-method');
    for (const pointer of pointers) expect((at(pointer) as { 'x-inferred'?: unknown } | undefined)?.['x-inferred'], pointer).toBe(true);
  });

  it('the write checks are inferred, the list and read checks are not', () => {
    const kind = Object.fromEntries(everySource().map(([name, source]) => [name, source.kind]));
    expect([kind['write-lifecycle'], kind['use-after-remove'], kind['suggested-change-state-machine'], kind['unsupported-method']]).toEqual(['inferred', 'inferred', 'inferred', 'inferred']);
    expect([kind['list-newest-first'], kind['cursor-bound-to-filters'], kind['forbidden-is-404'], kind['error-envelope']]).toEqual(['page', 'page', 'convention', 'convention']);
  });

  it('the checks of what an operation documents are inferred on every x-inferred operation, which are the writes', () => {
    expect(EXCHANGE_CHECKS.filter((c) => c.byOperation).map((c) => c.name)).toEqual(['not-a-server-error', 'status-code-conformance', 'response-schema-conformance']);
    expect(listOperations(spec).filter((o) => o.inferred).map((o) => o.operationId)).toEqual(['createCorrection', 'changeCorrection', 'removeCorrection', 'checkSuggestedChange', 'pinSuggestedChange', 'addSuggestedChangeAsLatest', 'withdrawSuggestedChange']);
  });

  it.skipIf(!existsSync(SEEDS))('a page check quotes its page word for word (the reference pages in ../shared/seeds)', () => {
    const pages = Object.fromEntries(readdirSync(SEEDS).map((file) => [file.slice(0, 3), squash(readFileSync(new URL(file, SEEDS), 'utf8'))]));
    for (const [name, source] of everySource()) {
      if (source.kind !== 'page') continue;
      expect(source.pages.some((page) => pages[page]?.includes(squash(source.sentence))), `${name}: "${source.sentence}"`).toBe(true);
    }
  });

  it.skipIf(!existsSync(CONVENTIONS))('a convention check quotes the conventions word for word (../shared/reference/conventions.md)', () => {
    const text = squash(readFileSync(CONVENTIONS, 'utf8'));
    for (const [name, source] of everySource()) {
      if (source.kind === 'convention') expect(text.includes(squash(source.sentence)), `${name}: "${source.sentence}"`).toBe(true);
    }
  });

  it('every scenario check is listed, and every exchange check', () => {
    const listed = listedChecks().map((c) => c.name);
    expect(new Set(listed)).toEqual(new Set([...EXCHANGE_CHECKS.map((c) => c.name), ...SCENARIOS.flatMap((s) => s.checks.map((c) => c.name)), STATEFUL_CHECK]));
    expect(listedChecks().find((c) => c.name === 'retry-after-on-503')?.where).toBe('every exchange, provoked by scenario "provoked 503"');
  });
});

describe('weigh', () => {
  const page = { kind: 'page', pages: ['001'], sentence: 's' } as const;
  const reading = { kind: 'inferred', pointer: '/x', reading: 'r' } as const;
  it.each([
    ['inferred, not the mock → warning', reading, { againstMock: false, strict: false }, 'warning'],
    ['inferred, not the mock, strict → error', reading, { againstMock: false, strict: true }, 'error'],
    ['inferred, the mock → error', reading, { againstMock: true, strict: false }, 'error'],
    ['page, not the mock → error', page, { againstMock: false, strict: false }, 'error'],
  ] as const)('an error of %s', (_label, source, verdict, expected) => {
    expect(weigh('error', source, verdict)).toBe(expected);
  });
  it('a warning stays a warning', () => {
    expect(weigh('warning', page, { againstMock: true, strict: true })).toBe('warning');
  });
});

describe('kindgi-mock contracts --list-checks', () => {
  it('prints every check with its source and where it runs, needs no target, exits 0', async () => {
    const result = await runNode(['--import', 'tsx', 'src/bin.ts', 'contracts', '--list-checks']);
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('36 checks. page: a reference page\'s sentence; convention: the platform\'s conventions; inferred: the mock\'s reading (x-inferred in spec/openapi.yaml), a warning against a target other than the mock unless --strict.');
    expect(lines).toHaveLength(37);
    const row = (name: string) => lines.find((l) => l.startsWith(`${name} `))?.replace(/ {2,}/g, ' | ');
    expect(row('unsupported-method')).toBe('unsupported-method | inferred | scenario "negative and positive data": inferred (x-inferred at /x-inferred-behaviours/unsupported-method): a method a documented path does not have answers 405 method-not-allowed with Allow; the conventions name only 404 route-not-found, for a route that does not exist');
    expect(row('list-newest-first')).toBe('list-newest-first | page | scenario "list properties": page 001 (List corrections): "Corrections (not superseded, and not removed unless `status` asks for `removed`), newest first, cursor-paginated."');
    expect(row('tenant-isolation')).toMatch(/^tenant-isolation \| convention \| scenario "security": convention \(Authentication\): "A valid token/);
    expect(row('stateful-walk')).toMatch(/^stateful-walk \| page \| the stateful walk \(--stateful\): page 000 .*; each divergence rests on the rule the model applied there, and says which$/);
    expect(row('status-code-conformance')).toMatch(/^status-code-conformance \| page \| every exchange: page 000 .*"## Responses"; inferred on an operation the document marks x-inferred \(the writes\)$/);
  });
});
