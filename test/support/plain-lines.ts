// Record lines as plain arrays, so that an assertion compares every id: a StringTable's content
// sits in private fields, which deep equality does not see.
import type { RecordLines } from '../../src/fixtures/record-lines.ts';

export function plainLines(lines: RecordLines | undefined): { starts: number[]; ends: number[]; ids: string[] | undefined } | undefined {
  if (!lines) return undefined;
  const { ids } = lines;
  return { starts: [...lines.starts], ends: [...lines.ends], ids: ids && Array.from({ length: ids.size }, (_, n) => ids.at(n)) };
}
