// The spec's validators as standalone code, kept beside the checked worlds: they judge every value
// as Ajv's compiled functions do, a start that finds them neither parses nor compiles, and a kept
// entry that is cut, garbled, wrong or writable by others is compiled again, never run or trusted.
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadWorld } from '../../src/fixtures/load-world.ts';
import { WORLD_COLLECTIONS } from '../../src/domain/world.ts';
import { compiledSpecCacheIn } from '../../src/spec/compiled-spec-cache.ts';
import { readCompiledSpec } from '../../src/spec/load-compiled-spec.ts';
import { loadSpec, SPEC_PATH } from '../../src/spec/load-spec.ts';
import { loadMockAdminSpec, MOCK_ADMIN_SPEC_PATH } from '../../src/spec/mock-admin-spec.ts';
import { validatorCode, validatorsFromCode } from '../../src/spec/standalone-validators.ts';
import { compileSpecValidators, specSchemas } from '../../src/spec/validators.ts';
import { createSpecAjv } from '../../src/spec/ajv.ts';

const root = mkdtempSync(join(tmpdir(), 'kindgi-compiled-spec-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let folders = 0;
const freshDir = () => join(root, `cache-${(folders += 1)}`);
const specFiles = (dir: string) => readdirSync(dir).filter((name) => name.startsWith('spec-'));

/** Values that pass and fail in many ways: every record of the embedded world, and each broken. */
function samples(): unknown[] {
  const world = loadWorld();
  const records = WORLD_COLLECTIONS.flatMap((collection) => (world[collection] as unknown[]).slice(0, 4));
  const broken = records.flatMap((record) => {
    const entries = Object.entries(record as Record<string, unknown>);
    return [
      Object.fromEntries(entries.slice(1)),
      Object.fromEntries(entries.map(([key, value], at) => [key, at === 1 ? 42 : value])),
      { ...(record as object), unexpected: true },
    ];
  });
  return [...records, ...broken, null, 'text', 12, [], {}, { data: records.slice(0, 3), nextCursor: null }];
}

describe('standalone validators', () => {
  it('judge every value as the compiled ones do, with the same errors, for every schema of both documents', () => {
    const values = samples();
    for (const document of [loadSpec(SPEC_PATH), loadMockAdminSpec(MOCK_ADMIN_SPEC_PATH)]) {
      const standalone = validatorsFromCode(validatorCode(document));
      const ajv = createSpecAjv(document);
      const schemas = specSchemas(document);
      expect(schemas.length).toBeGreaterThan(20);
      let failures = 0;
      for (const { key, schema } of schemas) {
        const compiled = ajv.compile(schema);
        const fromCode = standalone.get(key)!;
        expect(typeof fromCode, key).toBe('function');
        for (const value of values) {
          const verdict = compiled(value);
          expect(fromCode(value), key).toBe(verdict);
          expect(fromCode.errors ?? null, key).toEqual(compiled.errors ?? null);
          if (!verdict) failures += 1;
        }
      }
      // Both verdicts are met many times, so the comparison says something.
      expect(failures).toBeGreaterThan(schemas.length);
      expect(failures).toBeLessThan(schemas.length * values.length);
    }
  });

  it('name the schema that does not compile', () => {
    const document = loadSpec(SPEC_PATH);
    const broken = structuredClone(document);
    (broken.components!.schemas!.Correction as Record<string, unknown>).notAKeyword = 1;
    expect(() => validatorCode(broken)).toThrow(/^components\.schemas\.Correction: strict mode: unknown keyword: "notAKeyword"/);
  });
});

describe('the compiled spec cache', () => {
  const codeDigest = 'a'.repeat(64);

  it('keeps a compiled document, and a later start takes it without parsing or compiling it', () => {
    const dir = freshDir();
    const cache = compiledSpecCacheIn(dir, codeDigest);
    let parses = 0;
    const load = (path: string) => {
      parses += 1;
      return loadSpec(path);
    };
    const first = readCompiledSpec(SPEC_PATH, load, cache);
    expect(first).toMatchObject({ recalled: false });
    expect(first.rememberError).toBeUndefined();
    expect(specFiles(dir)).toHaveLength(1);
    const second = readCompiledSpec(SPEC_PATH, load, cache);
    expect(second.recalled).toBe(true);
    expect(parses).toBe(1);
    expect(second.spec.document).toEqual(first.spec.document);
    expect(second.spec.validators.operations.map((o) => o.operationId)).toEqual(first.spec.validators.operations.map((o) => o.operationId));
    // The kept validators are the document's own from then on.
    expect(compileSpecValidators(second.spec.document)).toBe(second.spec.validators);
    const correction = loadWorld().corrections[0];
    expect(second.spec.validators.component('Correction')(correction)).toBe(true);
    expect(second.spec.validators.component('Correction')({ ...correction, status: 'nope' })).toBe(false);
  });

  it('is keyed by the code, the loader and the bytes: other code compiles again', () => {
    const dir = freshDir();
    readCompiledSpec(SPEC_PATH, loadSpec, compiledSpecCacheIn(dir, codeDigest));
    expect(readCompiledSpec(SPEC_PATH, loadSpec, compiledSpecCacheIn(dir, 'b'.repeat(64))).recalled).toBe(false);
    expect(readCompiledSpec(SPEC_PATH, function otherLoader(path) { return loadSpec(path); }, compiledSpecCacheIn(dir, codeDigest)).recalled).toBe(false);
    expect(specFiles(dir)).toHaveLength(3);
    expect(readCompiledSpec(SPEC_PATH, loadSpec, compiledSpecCacheIn(dir, codeDigest)).recalled).toBe(true);
  });

  it('never keeps a document outside the package\'s spec folder, whose references the key does not cover', () => {
    const dir = freshDir();
    const elsewhere = join(root, 'openapi.yaml');
    writeFileSync(elsewhere, readFileSync(SPEC_PATH));
    const cache = compiledSpecCacheIn(dir, codeDigest);
    expect(readCompiledSpec(elsewhere, loadSpec, cache).recalled).toBe(false);
    expect(readCompiledSpec(elsewhere, loadSpec, cache).recalled).toBe(false);
    expect(() => readdirSync(dir)).toThrow(/ENOENT/);
  });

  it('compiles again, and keeps an intact entry, when the kept one is cut, garbled, or its code gives no validators', () => {
    const dir = freshDir();
    const cache = compiledSpecCacheIn(dir, codeDigest);
    readCompiledSpec(SPEC_PATH, loadSpec, cache);
    const [name] = specFiles(dir);
    const path = join(dir, name!);
    const intact = readFileSync(path);
    const damaged = [
      intact.subarray(0, intact.length - 100),
      Buffer.concat([intact.subarray(0, 5000), Buffer.from('X'), intact.subarray(5001)]),
      Buffer.from('not an entry'),
    ];
    for (const bytes of damaged) {
      writeFileSync(path, bytes);
      expect(readCompiledSpec(SPEC_PATH, loadSpec, cache).recalled).toBe(false);
      expect(readFileSync(path).equals(intact)).toBe(true);
    }
    // Intact as a file, but its code throws, or exports nothing: never used.
    const key = name!.slice('spec-'.length);
    const document = loadSpec(SPEC_PATH);
    for (const code of ['throw new Error("planted")', 'exports.nothing = 1;']) {
      expect(cache.remember(key, { document, code })).toBeUndefined();
      expect(readCompiledSpec(SPEC_PATH, loadSpec, cache).recalled).toBe(false);
      expect(readCompiledSpec(SPEC_PATH, loadSpec, cache).recalled).toBe(true);
    }
  });

  it.skipIf(process.getuid === undefined)('does not run an entry that others than its owner may write', () => {
    const dir = freshDir();
    const cache = compiledSpecCacheIn(dir, codeDigest);
    readCompiledSpec(SPEC_PATH, loadSpec, cache);
    const path = join(dir, specFiles(dir)[0]!);
    chmodSync(path, 0o664);
    expect(readCompiledSpec(SPEC_PATH, loadSpec, cache).recalled).toBe(false);
    chmodSync(path, 0o600);
    expect(readCompiledSpec(SPEC_PATH, loadSpec, cache).recalled).toBe(true);
  });

  it('a folder that cannot be written: the document is compiled all the same, and the error says why', () => {
    const blocker = join(root, 'a-file');
    writeFileSync(blocker, '');
    const read = readCompiledSpec(SPEC_PATH, loadSpec, compiledSpecCacheIn(join(blocker, 'cache'), codeDigest));
    expect(read.recalled).toBe(false);
    expect(read.rememberError?.message).toMatch(/ENOTDIR|EEXIST/);
    expect(read.spec.validators.component('Correction')(loadWorld().corrections[0])).toBe(true);
  });
});
