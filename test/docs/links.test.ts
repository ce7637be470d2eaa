// Every relative link of the docs leads somewhere (issue 33: a newcomer finds a recipe in one click from the README):
// the file exists and, when the link names an anchor, the page has that heading.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchorOf } from '../../scripts/docs/markdown.ts';
import { ROOT } from './check-examples.ts';
import { listedDocuments } from './documents.ts';

/** The lines of a page outside its fenced blocks, where a link or heading means something; inline code blanked unless kept. */
function proseLines(markdown: string, keepInlineCode = false): Array<{ line: number; text: string }> {
  const lines: Array<{ line: number; text: string }> = [];
  let fence: string | undefined;
  markdown.split('\n').forEach((text, index) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(text)?.[1];
    if (marker && (fence === undefined || (marker[0] === fence[0] && marker.length >= fence.length))) {
      fence = fence === undefined ? marker : undefined;
      return;
    }
    if (fence === undefined) lines.push({ line: index + 1, text: keepInlineCode ? text : text.replace(/`[^`]*`/g, '``') });
  });
  return lines;
}

/** The anchors GitHub makes for a page: one per heading (a repeated one gets `-1`, `-2`, …), and explicit `<a id>`s. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text } of proseLines(markdown, true)) {
    for (const explicit of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(explicit[1]!);
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(text)?.[1];
    if (heading === undefined) continue;
    // A link in a heading counts by its text.
    const base = anchorOf(heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1'));
    const times = seen.get(base) ?? 0;
    seen.set(base, times + 1);
    anchors.add(times === 0 ? base : `${base}-${times}`);
  }
  return anchors;
}

interface Link {
  readonly file: string;
  readonly line: number;
  readonly target: string;
}

function relativeLinksOf(file: string): Link[] {
  const links: Link[] = [];
  for (const { line, text } of proseLines(readFileSync(join(ROOT, file), 'utf8'))) {
    for (const match of text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      const target = match[1]!;
      if (!/^[a-z][a-z0-9+.-]*:/i.test(target)) links.push({ file, line, target });
    }
  }
  return links;
}

/** What is wrong with a link, or undefined when it leads to a file that has the anchor it names. */
function problemOf(link: Link): string | undefined {
  const [path = '', anchor] = link.target.split('#') as [string, string | undefined];
  const file = path === '' ? link.file : normalize(join(dirname(link.file), decodeURI(path)));
  if (file.startsWith('..')) return `${link.target} leaves the repository`;
  if (!existsSync(join(ROOT, file))) return `${link.target}: there is no ${file}`;
  if (anchor === undefined || anchor === '') return undefined;
  if (!file.endsWith('.md')) return `${link.target}: an anchor in a file that is not Markdown`;
  const anchors = anchorsOf(readFileSync(join(ROOT, file), 'utf8'));
  return anchors.has(anchor) ? undefined : `${link.target}: ${file} has no heading with the anchor #${anchor} (it has ${[...anchors].map((a) => `#${a}`).join(', ')})`;
}

describe('every relative link of the docs leads to a file, and to a heading when it names one', () => {
  it.each(listedDocuments())('%s', (file) => {
    const problems = relativeLinksOf(file).flatMap((link) => {
      const problem = problemOf(link);
      return problem === undefined ? [] : [`${link.file}:${link.line}: ${problem}`];
    });
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('finds the links it checks: the README links to the pages, one with an anchor', () => {
    const targets = relativeLinksOf('README.md').map((link) => link.target);
    expect(targets).toEqual(expect.arrayContaining(['docs/vitest.md', 'docs/inspector.png', 'docs/demo.md#the-inspector']));
    expect(problemOf({ file: 'README.md', line: 1, target: 'docs/demo.md#no-such-heading' })).toMatch(/has no heading with the anchor #no-such-heading/);
    expect(problemOf({ file: 'README.md', line: 1, target: 'docs/no-such-page.md' })).toMatch(/there is no docs\/no-such-page\.md/);
  });
});
