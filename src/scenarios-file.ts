// `--scenarios FILE`: loads a user's module of scenarios (defineScenario results) and checks each
// before the mock starts, so a mistake is one line naming the file and the problem, not a failure
// at the first request.
import { existsSync, statSync } from 'node:fs';
import { extname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Scenario } from './scenarios/define.ts';
import type { JsonSchema } from './spec/openapi-types.ts';
import { compileParams } from './scenarios/params.ts';

/** A scenarios file that cannot be used; the message names the file and what is wrong. */
export class ScenariosFileError extends Error {
  constructor(readonly file: string, problem: string) {
    super(`--scenarios ${file}: ${problem}`);
    this.name = 'ScenariosFileError';
  }
}

const JAVASCRIPT = ['.js', '.mjs', '.cjs'];
const TYPESCRIPT = ['.ts', '.mts', '.cts'];
/** A scenario's name is a segment of `/__mock/scenarios/{name}`: kept to what needs no escaping. */
const NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;

/**
 * Imports `file` and answers its scenarios: the default export (one, or an array) when it has one,
 * else every named export (each one, or an array), in the order of the exports' names (a module
 * namespace keeps no other; a default array keeps its own order).
 * - `.js`, `.mjs`, `.cjs`; `.ts` (`.mts`, `.cts`) only where a loader for TypeScript runs (tsx, as
 *   `npm start` has), else an error saying so.
 * - Throws ScenariosFileError for a file that is missing, cannot be loaded, exports no scenario, or
 *   one that is not a scenario, a name used twice, or a name of `builtInNames`.
 */
export async function loadScenariosFile(file: string, builtInNames: readonly string[]): Promise<Scenario[]> {
  const path = resolve(file);
  const extension = extname(path).toLowerCase();
  if (!JAVASCRIPT.includes(extension) && !TYPESCRIPT.includes(extension)) {
    throw new ScenariosFileError(file, `takes a JavaScript module (${JAVASCRIPT.join(', ')}), or TypeScript (${TYPESCRIPT.join(', ')}) when run under tsx; "${extension || 'no extension'}" is neither`);
  }
  if (!existsSync(path)) throw new ScenariosFileError(file, 'no such file');
  if (!statSync(path).isFile()) throw new ScenariosFileError(file, 'is not a file');
  let module: Record<string, unknown>;
  try {
    module = await import(pathToFileURL(path).href) as Record<string, unknown>;
  } catch (error) {
    if (TYPESCRIPT.includes(extension) && (error as { code?: string }).code === 'ERR_UNKNOWN_FILE_EXTENSION') {
      throw new ScenariosFileError(file, `is TypeScript, which this node does not load by itself: compile it to JavaScript, or run the mock under tsx (npm start, or node --import tsx)`);
    }
    throw new ScenariosFileError(file, `could not be loaded: ${(error as Error).message}`);
  }
  const exported = 'default' in module && module.default !== undefined
    ? [['default export', module.default] as const]
    : Object.entries(module).map(([name, value]) => [`export "${name}"`, value] as const);
  const scenarios: Scenario[] = [];
  for (const [where, value] of exported) {
    const items = Array.isArray(value) ? value.map((item, index) => [`${where}[${index}]`, item] as const) : [[where, value] as const];
    // One scenario exported under two names (`export { a, a as b }`) is still one.
    for (const [at, item] of items) if (!scenarios.includes(item as Scenario)) scenarios.push(checkedScenario(file, at, item));
  }
  if (scenarios.length === 0) throw new ScenariosFileError(file, 'exports no scenario: export default defineScenario({ name, description, params, build }), or an array of them');
  checkNames(file, scenarios, builtInNames);
  return scenarios;
}

/** One exported value, checked as a scenario; `at` says where it is in the file. */
function checkedScenario(file: string, at: string, value: unknown): Scenario {
  const problem = (text: string) => new ScenariosFileError(file, `${at}${nameOf(value)} ${text}`);
  if (typeof value !== 'object' || value === null) throw problem(`is not a scenario (defineScenario({ name, description, params, build })), but ${value === null ? 'null' : typeof value}`);
  const { name, description, params, build } = value as Record<string, unknown>;
  if (typeof name !== 'string' || !NAME.test(name)) throw problem(`has name ${JSON.stringify(name)}: a name is 1 to 64 lower-case letters, digits and hyphens (it goes in /__mock/scenarios/{name})`);
  if (typeof description !== 'string') throw problem('has no description (a string, shown by GET /__mock/scenarios)');
  if (typeof params !== 'object' || params === null || Array.isArray(params) || (params as { type?: unknown }).type !== 'object') {
    throw problem('has params that are not the JSON Schema of an object ({ type: "object", properties: { … } })');
  }
  if (typeof build !== 'function') throw problem('has no build function (build(builder, params))');
  try {
    // The engine's own compile, so that what it would refuse at start is refused here, naming the file.
    compileParams(name, params as JsonSchema);
  } catch (error) {
    throw problem(`has params the engine cannot use: ${(error as Error).message}`);
  }
  return value as Scenario;
}

const nameOf = (value: unknown) => {
  const name = typeof value === 'object' && value !== null ? (value as { name?: unknown }).name : undefined;
  return typeof name === 'string' ? ` (${JSON.stringify(name)})` : '';
};

function checkNames(file: string, scenarios: readonly Scenario[], builtInNames: readonly string[]): void {
  const seen = new Set<string>();
  for (const { name } of scenarios) {
    if (builtInNames.includes(name)) throw new ScenariosFileError(file, `scenario "${name}" has the name of a built-in scenario (${builtInNames.join(', ')}): give it another`);
    if (seen.has(name)) throw new ScenariosFileError(file, `scenario "${name}" is exported twice: each name is one scenario`);
    seen.add(name);
  }
}
