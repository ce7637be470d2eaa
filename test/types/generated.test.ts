// The committed generated types are what the documents generate now: a changed document needs `npm run types`.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_JSON_FILE, GENERATED_TYPES, renderDocumentJson, renderTypes } from '../../src/types/generate.ts';

describe.each(GENERATED_TYPES)('the types of $spec', ({ spec, file }) => {
  it('equal a fresh generation (else run `npm run types`)', async () => {
    const committed = readFileSync(file, 'utf8');
    const fresh = await renderTypes(spec);
    // A plain equality on two long strings prints a diff no one reads; say where they part.
    const [freshLines, committedLines] = [fresh.split('\n'), committed.split('\n')];
    const line = Array.from({ length: Math.max(freshLines.length, committedLines.length) }).findIndex((_, i) => freshLines[i] !== committedLines[i]);
    expect(committed === fresh, `stale from line ${line + 1}: regenerate with \`npm run types\``).toBe(true);
  });

  it('type every open object as a map of unknown, never as Record<string, never>', () => {
    const closed = readFileSync(file, 'utf8').split('\n').filter((text) => text.includes('Record<string, never>'));
    // openapi-typescript's own root aliases for a document with no webhooks or $defs.
    expect(closed.map((text) => text.trim())).toEqual(['export type webhooks = Record<string, never>;', 'export type $defs = Record<string, never>;']);
  });
});

describe('spec/openapi.json', () => {
  it('is spec/openapi.yaml as JSON, as it reads now (else run `npm run types`)', () => {
    expect(readFileSync(DOCUMENT_JSON_FILE, 'utf8') === renderDocumentJson(), 'stale: regenerate with `npm run types`').toBe(true);
  });
});
