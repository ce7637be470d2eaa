// Malformed parameters are refused with 400 (never 500); valid ones, generated from the spec's
// schemas, are accepted; an undocumented method answers 405 with Allow.
import jsf from 'json-schema-faker';
import { seededRandom } from '../../src/seeded-random.ts';
import { inferred, operationPointer, page } from '../sources.ts';
import type { Scenario } from '../types.ts';

const MALFORMED = [
  'limit=abc', 'limit=0', 'limit=101', 'limit=1.5', 'status=bogus', 'status=open,bogus', 'sortedTo=nobody',
  'from=everyone', 'madeBy=you', 'since=yesterday', 'until=2026-13-45T00:00:00Z', 'scopeKind=planet', 'agentVersion=v1',
];

/** Parameters whose valid values depend on others (or are opaque) are left to the filter checks. */
const NOT_ALONE = new Set(['cursor', 'scopeId', 'agentVersion', 'scopeKind']);

export const negativePositive: Scenario = {
  name: 'negative and positive data',
  checks: [
    { name: 'negative-data-rejection', source: page('001', 'Malformed query parameter.') },
    { name: 'positive-data-acceptance', source: page('001', '## Parameters') },
    { name: 'unsupported-method', source: inferred('/x-inferred-behaviours/unsupported-method', 'a method a documented path does not have answers 405 method-not-allowed with Allow; the conventions name only 404 route-not-found, for a route that does not exist') },
  ],
  async run(session) {
    for (const query of MALFORMED) {
      const answer = await session.send('GET', `/v1/corrections?${query}`);
      if (answer.response.status !== 400) session.fail('negative-data-rejection', answer, '400 for a malformed parameter', String(answer.response.status));
    }
    const list = session.operation('listCorrections');
    jsf.option({ random: seededRandom(20261202), alwaysFakeOptionals: true, useDefaultValue: false });
    for (const parameter of list.parameters.filter((p) => p.in === 'query' && !NOT_ALONE.has(p.name))) {
      for (let sample = 0; sample < 2; sample += 1) {
        const value = jsf.generate(parameter.schema as never) as unknown;
        const text = Array.isArray(value) ? value.map(String).join(',') : String(value);
        if (Array.isArray(value) && value.length === 0) continue;
        const answer = await session.send('GET', `/v1/corrections?${parameter.name}=${encodeURIComponent(text)}`);
        // A parameter the document marks x-inferred (inherit) is the mock's reading, not page 001's.
        const source = parameter['x-inferred'] === true ? inferred(`${operationPointer(list.path, list.method)}/parameters/${list.parameters.indexOf(parameter)}`, `${parameter.name} is named by page 001 without its type`) : undefined;
        if (answer.response.status !== 200) session.fail('positive-data-acceptance', answer, `200 for a valid ${parameter.name}`, `${answer.response.status} ${answer.response.text.slice(0, 160)}`, source ? { source } : {});
      }
    }
    for (const [method, path] of [['DELETE', '/v1/corrections'], ['PUT', '/v1/corrections/any-id']] as const) {
      const answer = await session.send(method, path);
      if (answer.response.status !== 405 || !answer.response.headers.allow) session.fail('unsupported-method', answer, '405 with an Allow header', `${answer.response.status}, Allow: ${answer.response.headers.allow ?? '(none)'}`);
    }
  },
};
