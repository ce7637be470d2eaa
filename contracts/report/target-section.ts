// The target record as the summary opens with it: what the target is, the document it serves and
// how that differs from spec/openapi.yaml, its cursors, the optional behaviours it honours, the pace.
import type { Probed, TargetRecord } from '../target/record.ts';

/** At most this many entries of each list of the document diff; the rest are counted. */
const DIFF_SHOWN = 8;

const shortList = (items: string[]) => (items.length <= DIFF_SHOWN ? items.join('; ') : `${items.slice(0, DIFF_SHOWN).join('; ')}; … and ${items.length - DIFF_SHOWN} more`);

export function targetKindLine(record: TargetRecord): string {
  const weight = record.kind === 'mock' ? 'every check fails as written'
    : record.strict ? '--strict: a failed inferred check fails too'
      : 'a failed inferred check is a warning (--strict makes it fail)';
  return `${record.kind === 'mock' ? 'the mock' : 'not the mock'} (${record.kindHow}): ${weight}`;
}

/** The served document: its `openapi` and `info`, then the diff against spec/openapi.yaml, indented. */
export function documentLines(record: TargetRecord): string[] {
  const { document } = record;
  if (document.error) return [`GET /v1/openapi.json: ${document.error}`];
  if (!document.diff) return [`GET /v1/openapi.json answered ${document.status}, no OpenAPI document`];
  const info = document.info ?? {};
  const others = Object.keys(info).filter((k) => k !== 'title' && k !== 'version');
  const infoText = `info.title ${JSON.stringify(info.title)}, info.version ${JSON.stringify(info.version)}${others.length ? ` (and ${others.join(', ')})` : ''}`;
  const { operations, schemas } = document.diff;
  const lines = [`GET /v1/openapi.json: openapi ${document.openapi ?? '(none)'}, ${infoText}; ${operations.length + schemas.length === 0 ? 'the same operations and schemas as spec/openapi.yaml' : 'differs from spec/openapi.yaml:'}`];
  if (operations.length > 0) lines.push(`  operations: ${shortList(operations)}`);
  if (schemas.length > 0) lines.push(`  schemas: ${shortList(schemas)}`);
  return lines;
}

const probed = (what: Probed | undefined, unprobed: string) => (what ? `${what.honoured ? 'honoured' : 'not honoured'} (${what.how})` : `not probed (${unprobed})`);

/** The record, one fact a line, under a `Target URL: …` heading. */
export function targetSection(record: TargetRecord): string {
  const cursors = record.cursorsSealed
    ? `${record.cursorsSealed.sealed ? 'look sealed' : 'do not look sealed'} (${record.cursorsSealed.how})`
    : 'not seen (no list had a second page, or the cursors scenario did not run)';
  return [
    `Target ${record.baseUrl}: ${targetKindLine(record)}`,
    ...documentLines(record).map((line, i) => `  ${i === 0 ? 'document: ' : ''}${line}`),
    `  cursors: ${cursors}`,
    `  Prefer: ${probed(record.prefer, 'the provoked 503 scenario did not run')}`,
    `  Idempotency-Key replay: ${probed(record.idempotencyReplay, 'needs --allow-writes')}`,
    `  pace: ${record.pace.rps === undefined ? 'no ceiling' : `at most ${record.pace.rps} requests/s`} (${record.pace.why})`,
  ].join('\n');
}
