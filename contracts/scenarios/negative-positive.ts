// Malformed parameters are refused with 400 (never 500); valid ones, generated from the spec's
// schemas, are accepted; an undocumented method answers 405 with Allow.
import jsf from 'json-schema-faker';
import { seededRandom } from '../../src/seeded-random.ts';
import type { Scenario } from '../types.ts';

const MALFORMED = [
  'limit=abc', 'limit=0', 'limit=101', 'limit=1.5', 'status=bogus', 'status=open,bogus', 'sortedTo=nobody',
  'from=everyone', 'madeBy=you', 'since=yesterday', 'until=2026-13-45T00:00:00Z', 'scopeKind=planet', 'agentVersion=v1',
];

/** Parameters whose valid values depend on others (or are opaque) are left to the filter checks. */
const NOT_ALONE = new Set(['cursor', 'scopeId', 'agentVersion', 'scopeKind']);

export const negativePositive: Scenario = {
  name: 'negative and positive data',
  checks: ['negative-data-rejection', 'positive-data-acceptance', 'unsupported-method'],
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
        if (answer.response.status !== 200) session.fail('positive-data-acceptance', answer, `200 for a valid ${parameter.name}`, `${answer.response.status} ${answer.response.text.slice(0, 160)}`);
      }
    }
    for (const [method, path] of [['DELETE', '/v1/corrections'], ['PUT', '/v1/corrections/any-id']] as const) {
      const answer = await session.send(method, path);
      if (answer.response.status !== 405 || !answer.response.headers.allow) session.fail('unsupported-method', answer, '405 with an Allow header', `${answer.response.status}, Allow: ${answer.response.headers.allow ?? '(none)'}`);
    }
  },
};
