// The reference pages of docs/reference/ are generated (issue 33): each must be what the generator makes from today's
// spec/, error catalogue and --help, so that they cannot drift from what the mock does.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { referencePages, ROOT } from '../../scripts/docs/generate-reference.ts';

let pages: Map<string, string>;

beforeAll(async () => {
  pages = await referencePages();
}, 60_000);

describe('docs/reference/ is current', () => {
  it.each(['docs/reference/mock-routes.md', 'docs/reference/error-codes.md', 'docs/reference/cli.md'])('%s is what `npm run docs:reference` makes now', (path) => {
    let committed: string;
    try {
      committed = readFileSync(join(ROOT, path), 'utf8');
    } catch {
      throw new Error(`${path} is missing: run \`npm run docs:reference\``);
    }
    const made = pages.get(path)!;
    if (committed !== made) {
      const lines = committed.split('\n');
      const first = made.split('\n').findIndex((line, index) => line !== lines[index]);
      throw new Error(`${path} differs from what the generator makes now (first at line ${first + 1}): run \`npm run docs:reference\` and commit the result`);
    }
    expect(committed).toBe(made);
  });

  it('the generator is deterministic: a second run makes the same bytes', async () => {
    expect(await referencePages()).toEqual(pages);
  }, 60_000);

  it('every /__mock route, every error code and every flag of --help is on its page', async () => {
    const { ERROR_STATUS } = await import('../../src/domain/error-codes.ts');
    const spec = readFileSync(join(ROOT, 'spec/mock-admin.yaml'), 'utf8');
    for (const path of spec.matchAll(/^ {2}(\/__mock[^:]*):$/gm)) expect(pages.get('docs/reference/mock-routes.md')).toContain(` ${path[1]}\``);
    for (const code of Object.keys(ERROR_STATUS)) expect(pages.get('docs/reference/error-codes.md')).toContain(`| \`${code}\` | ${ERROR_STATUS[code as keyof typeof ERROR_STATUS]} |`);
    for (const flag of ['--port', '--admin-token', '--state', '--scenarios', '--base-url', '--reporter', '--list-checks']) expect(pages.get('docs/reference/cli.md')).toContain(`| \`${flag}\` |`);
  });
});
