// Prism's findings beside the kit's own: responses it found off the spec, and requests it
// refused itself (expected for the suite's deliberately malformed ones).
import type { SuiteResult } from '../run-suite.ts';

export function prismSection(result: SuiteResult): string {
  const violations = result.proxy.answered.filter((a) => a.type === 'VIOLATIONS');
  const refused = result.proxy.answered.filter((a) => a.type !== 'VIOLATIONS');
  const lines = [`Prism (validating proxy, --errors): ${violations.length} responses off the spec, ${refused.length} requests it answered itself, ${result.proxy.violations.length} sl-violations entries`];
  for (const answer of violations) lines.push(`✗ prism: response off the spec  ${answer.request}\n    ${answer.detail}`);
  for (const violation of result.proxy.violations) lines.push(`! prism: ${violation.severity} at ${violation.location}  ${violation.request}\n    ${violation.message}`);
  const byType = new Map<string, number>();
  for (const answer of refused) byType.set(answer.type, (byType.get(answer.type) ?? 0) + 1);
  for (const [type, count] of byType) lines.push(`- prism answered ${count} request(s) itself with ${type} (the suite's malformed requests, or forms the document cannot state, such as comma-separated status)`);
  return lines.join('\n');
}
