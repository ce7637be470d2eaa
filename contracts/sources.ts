// What each contract check rests on: a sentence of a reference page, a platform convention, or
// the mock's own reading (x-inferred in spec/openapi.yaml), and what a failure of each weighs.
import type { Severity } from './types.ts';

/** The reference pages (`/work/shared/seeds/000…002`), by their number. */
export const PAGES = {
  '000': 'Fetch a correction with its copies',
  '001': 'List corrections',
  '002': 'Fetch a suggested change',
} as const;
export type PageId = keyof typeof PAGES;

/** The sections of the platform's wire conventions (`docs/API-ROUTE-CONVENTIONS.md`). */
export const CONVENTION_SECTIONS = ['URLs', 'Authentication', 'Requests', 'Responses', 'Lists'] as const;
export type ConventionSection = (typeof CONVENTION_SECTIONS)[number];

export const SOURCE_KINDS = ['page', 'convention', 'inferred'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

export type CheckSource =
  | { kind: 'page'; pages: readonly PageId[]; sentence: string }
  | { kind: 'convention'; section: ConventionSection; sentence: string }
  /** `pointer`: a JSON Pointer into spec/openapi.yaml to the node that carries `x-inferred: true`. */
  | { kind: 'inferred'; pointer: string; reading: string };

export const page = (pages: PageId | readonly PageId[], sentence: string): CheckSource => ({ kind: 'page', pages: typeof pages === 'string' ? [pages] : pages, sentence });
export const convention = (section: ConventionSection, sentence: string): CheckSource => ({ kind: 'convention', section, sentence });
export const inferred = (pointer: string, reading: string): CheckSource => ({ kind: 'inferred', pointer, reading });

/** `/paths/~1v1~1corrections/post`: the pointer to an operation of the document. */
export const operationPointer = (path: string, method: string) => `/paths/${path.replaceAll('~', '~0').replaceAll('/', '~1')}/${method.toLowerCase()}`;

/** One line: `page 001 (List corrections): "…"`, `convention (Responses): "…"`, `inferred (x-inferred at …): …`. */
export function describeSource(source: CheckSource): string {
  switch (source.kind) {
    case 'page':
      return `page ${source.pages.map((id) => `${id} (${PAGES[id]})`).join(', ')}: "${source.sentence}"`;
    case 'convention':
      return `convention (${source.section}): "${source.sentence}"`;
    case 'inferred':
      return `inferred (x-inferred at ${source.pointer}): ${source.reading}`;
  }
}

export interface Verdict {
  /** The target is a kindgi-mock: it keeps its own readings, so every check fails as written. */
  againstMock: boolean;
  /** `--strict`: a failed inferred check fails against any target. */
  strict: boolean;
}

/**
 * The severity a failure is reported with.
 * - Against the mock, or with `--strict`: the check's own severity.
 * - Against any other target, a failed `inferred` check is a warning: no page or convention
 *   promises what it tests, so a red build must not rest on it.
 */
export function weigh(severity: Severity, source: CheckSource, verdict: Verdict): Severity {
  if (source.kind === 'inferred' && !verdict.againstMock && !verdict.strict) return 'warning';
  return severity;
}
