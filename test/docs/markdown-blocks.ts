// The fenced code blocks of a Markdown document, with where they start and what their info string asks of the harness.
import { createHash } from 'node:crypto';

/** What a block's info string says: its language, and either why it is not run or how it is run. */
export interface BlockInfo {
  /** The first word of the info string, lower case (`ts`, `sh`, …); '' when there is none. */
  readonly language: string;
  /** `not-run: REASON`: shown only, for REASON. */
  readonly notRun?: string;
  /** `file=PATH`: written to PATH in the document's scratch folder, for a later block to run. */
  readonly file?: string;
  /** `setup=NAME`: not run alone; blocks with `use=NAME` start with its code. */
  readonly setup?: string;
  /** `use=A,B`: the setup blocks this block starts with, in order. */
  readonly use: readonly string[];
  /** `status=4xx`: what the block's curl lines must answer (2xx unless it says). */
  readonly status?: string;
  /** Attributes the harness does not know, so that a typo is reported rather than ignored. */
  readonly unknown: readonly string[];
}

export interface CodeBlock {
  /** The document, as given (repo-relative). */
  readonly file: string;
  /** The line of the opening fence, from 1. */
  readonly line: number;
  readonly info: BlockInfo;
  /** The block's text, its fence's indentation removed, ending in a newline. */
  readonly code: string;
}

/** Parses an info string: `LANG`, then `not-run: REASON` or `key=value` attributes. GitHub renders by LANG and ignores the rest. */
export function parseInfo(infoString: string): BlockInfo {
  const [first = '', ...rest] = infoString.trim().split(/\s+/);
  const language = first.toLowerCase();
  const tail = rest.join(' ');
  const notRun = /^not-run:\s*(.*)$/.exec(tail);
  if (notRun) return { language, notRun: notRun[1]!.trim(), use: [], unknown: [] };
  const attributes: Record<string, string> = {};
  const unknown: string[] = [];
  for (const word of rest) {
    const match = /^(file|setup|use|status)=(.+)$/.exec(word);
    if (match) attributes[match[1]!] = match[2]!;
    else unknown.push(word);
  }
  return {
    language,
    ...(attributes.file !== undefined ? { file: attributes.file } : {}),
    ...(attributes.setup !== undefined ? { setup: attributes.setup } : {}),
    use: attributes.use !== undefined ? attributes.use.split(',').filter(Boolean) : [],
    ...(attributes.status !== undefined ? { status: attributes.status } : {}),
    unknown,
  };
}

/** Every fenced block (``` or ~~~, at any indentation, as in list items) of `markdown`, in order. */
export function codeBlocksOf(file: string, markdown: string): CodeBlock[] {
  const lines = markdown.split('\n');
  const blocks: CodeBlock[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const open = /^(\s*)(`{3,}|~{3,})(.*)$/.exec(lines[index]!);
    if (!open || (open[2]![0] === '`' && open[3]!.includes('`'))) continue;
    const [, indent = '', fence = '', infoString = ''] = open;
    const body: string[] = [];
    let end = index + 1;
    for (; end < lines.length; end += 1) {
      const close = /^\s*(`{3,}|~{3,})\s*$/.exec(lines[end]!);
      if (close && close[1]![0] === fence[0] && close[1]!.length >= fence.length) break;
      // Content lines lose up to the fence's own indentation, as CommonMark reads them.
      body.push(lines[end]!.replace(new RegExp(`^ {0,${indent.length}}`), ''));
    }
    blocks.push({ file, line: index + 1, info: parseInfo(infoString), code: body.length > 0 ? `${body.join('\n')}\n` : '' });
    index = end;
  }
  return blocks;
}

/** A not-run block's identity for test/docs/not-run-blocks.json: its language and code, trailing space ignored. */
export function blockHash(block: CodeBlock): string {
  const normal = block.code.split('\n').map((line) => line.trimEnd()).join('\n').trim();
  return createHash('sha256').update(`${block.info.language}\n${normal}`).digest('hex').slice(0, 16);
}
