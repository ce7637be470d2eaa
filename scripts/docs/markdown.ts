// Small Markdown helpers for the generated reference pages: table cells and GitHub's heading anchors.

/** Text fit for one cell of a Markdown table: one line, its pipes escaped. */
export function cell(text: string | undefined): string {
  if (text === undefined || text.trim() === '') return '';
  return text.trim().replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');
}

/** A table with a header row; every row has as many cells as the header. */
export function table(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/**
 * The anchor GitHub gives a heading: lower case, punctuation other than `-` and `_` dropped,
 * spaces made `-` (so `` `GET /__mock/clock` `` is `get-__mockclock`).
 */
export function anchorOf(heading: string): string {
  return heading.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

/** A spec description as Markdown prose: its lines kept, trailing space trimmed. */
export function prose(text: string | undefined): string {
  return (text ?? '').trim().split('\n').map((line) => line.trimEnd()).join('\n');
}

export const GENERATED_NOTE = (source: string) =>
  `<!-- Generated from ${source} by \`npm run docs:reference\` (scripts/docs/generate-reference.ts): do not edit by hand. -->`;
