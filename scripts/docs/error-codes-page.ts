// docs/reference/error-codes.md: every code of src/domain/error-codes.ts, its status, who answers it and, where spec/ says, what it means.
import { ERROR_STATUS, type ErrorCode } from '../../src/domain/error-codes.ts';
import { cell, GENERATED_NOTE, table } from './markdown.ts';
import { isObject, operationsOf, type Json, type JsonObject, type SpecDocument, type Specs } from './spec-documents.ts';

const CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** The codes of the catalogue a text names in backticks (`` `not-found` ``, `` `404 not-found` ``). */
function codesNamedIn(text: string): Set<ErrorCode> {
  const named = new Set<ErrorCode>();
  for (const match of text.matchAll(/`(?:\d{3} )?([a-z][a-z-]*)`/g)) {
    if ((CODES as string[]).includes(match[1]!)) named.add(match[1] as ErrorCode);
  }
  return named;
}

/** The codes an error schema allows, as `error.code`'s enum, through `$ref` and `allOf`. */
function codesOfSchema(schema: JsonObject, specs: Specs, from: SpecDocument): Set<ErrorCode> {
  const { value, in: where } = specs.resolve(schema, from);
  const found = new Set<ErrorCode>();
  const error = isObject(value.properties) && isObject(value.properties.error) ? specs.resolve(value.properties.error, where).value : undefined;
  const code = error && isObject(error.properties) && isObject(error.properties.code) ? error.properties.code : undefined;
  if (code && Array.isArray(code.enum)) for (const name of code.enum) if ((CODES as Json[]).includes(name)) found.add(name as ErrorCode);
  for (const part of Array.isArray(value.allOf) ? value.allOf.filter(isObject) : []) for (const name of codesOfSchema(part, specs, where)) found.add(name);
  return found;
}

/** The sentences of a description that name `code` in backticks. */
function sentencesNaming(text: string, code: ErrorCode): string[] {
  return text.replace(/\s*\n\s*/g, ' ').split(/(?<=[.!?])\s+(?=[A-Z`(])/).filter((sentence) => codesNamedIn(sentence).has(code)).map((sentence) => sentence.trim());
}

/**
 * The page: one row per code, in the catalogue's order.
 * - An operation answers a code when a response of the code's status names it: in its description, its error schema's
 *   `code` enum, or the operation's own description.
 * - What it means: the response descriptions (and, failing those, operation descriptions) whose sentences name it.
 */
export function errorCodesPage(specs: Specs): string {
  const answeredBy = new Map<ErrorCode, Set<string>>(CODES.map((code) => [code, new Set()]));
  const meanings = new Map<ErrorCode, Set<string>>(CODES.map((code) => [code, new Set()]));
  const fromOperations = new Map<ErrorCode, Set<string>>(CODES.map((code) => [code, new Set()]));

  for (const document of specs.documents.values()) {
    for (const { method, path, operation } of operationsOf(document)) {
      const operationText = typeof operation.description === 'string' ? operation.description : '';
      const inOperation = codesNamedIn(operationText);
      const responses = isObject(operation.responses) ? operation.responses : {};
      for (const [status, response] of Object.entries(responses)) {
        if (!isObject(response)) continue;
        const { value, in: where } = specs.resolve(response, document);
        const description = typeof value.description === 'string' ? value.description : '';
        const named = codesNamedIn(description);
        for (const media of isObject(value.content) ? Object.values(value.content) : []) {
          if (isObject(media) && isObject(media.schema)) for (const code of codesOfSchema(media.schema, specs, where)) named.add(code);
        }
        for (const code of inOperation) named.add(code);
        for (const code of named) {
          if (String(ERROR_STATUS[code]) !== status) continue;
          answeredBy.get(code)!.add(`\`${method} ${path}\``);
          for (const sentence of sentencesNaming(description, code)) meanings.get(code)!.add(sentence);
          for (const sentence of sentencesNaming(operationText, code)) fromOperations.get(code)!.add(sentence);
        }
      }
    }
  }

  const rows = CODES.map((code) => {
    const said = meanings.get(code)!.size > 0 ? meanings.get(code)! : fromOperations.get(code)!;
    const meaning = [...said].slice(0, 3).join(' ');
    const operations = [...answeredBy.get(code)!];
    return [`\`${code}\``, String(ERROR_STATUS[code]), cell(meaning || '(not described in spec/)'), cell(operations.length > 0 ? operations.join(', ') : '(no operation in spec/ names it)')];
  });
  return [
    GENERATED_NOTE('src/domain/error-codes.ts and spec/'),
    '',
    '# Reference: error codes',
    '',
    'Every 4xx and 5xx answer is the error envelope `{ "error": { "code", "message", "details"?, "requestId" } }`; branch on `code`, never on `message`. New codes are only ever added, so handle one you do not know by its HTTP status.',
    '',
    `These are the ${CODES.length} codes of the catalogue (\`src/domain/error-codes.ts\`), in its order, with the HTTP status each is sent with. *Answered by* lists the operations of \`spec/openapi.yaml\` and \`spec/mock-admin.yaml\` whose documented responses name the code; *what it means* quotes the documents' own sentences (at most three).`,
    '',
    table(['code', 'HTTP', 'what it means', 'answered by'], rows),
    '',
  ].join('\n');
}
