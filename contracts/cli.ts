// `npm run contracts -- --base-url URL [--token T …]`: checks a deployment against the contract.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { discoverTokens } from './discover.ts';
import { answeredByPrism, startPrism } from './prism.ts';
import { prismSection } from './report/prism-section.ts';
import { toJunit } from './report/junit.ts';
import { summarize } from './report/summary.ts';
import { DEFAULT_MAX_REQUESTS, DEFAULT_TIME_LIMIT_MS, runSuite } from './run-suite.ts';
import type { Tokens } from './types.ts';

export const USAGE = `usage: kindgi-mock contracts --base-url URL [options]   (in this repo: npm run contracts -- …)
       npm run contracts:prism -- --upstream URL [options]   (this repo only: Prism is a dev dependency)
  --base-url URL        the deployment (env KINDGI_BASE_URL)
  --upstream URL        (contracts:prism) the deployment, reached through Prism's validating proxy
  --token T             a broad token of one tenant (env KINDGI_TOKEN); a second --token is
                        another tenant's (KINDGI_OTHER_TENANT_TOKEN), a third a narrow token of the
                        first tenant (KINDGI_NARROW_TOKEN). Against the mock, found by themselves.
  --allow-writes        also check writes, on data the suite creates itself
  --reporter R          summary (default) or junit
  --output FILE         write the report there (junit) as well as the summary to stdout
  --max-requests N      request budget (default ${DEFAULT_MAX_REQUESTS})
  --time-limit S        seconds (default ${DEFAULT_TIME_LIMIT_MS / 1000})
exit: 0 all checks passed, 1 a check failed, 2 the suite could not run`;

export async function main(argv: string[], mode: 'direct' | 'prism' = 'direct'): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      'base-url': { type: 'string' }, upstream: { type: 'string' }, token: { type: 'string', multiple: true }, 'allow-writes': { type: 'boolean' },
      reporter: { type: 'string' }, output: { type: 'string' }, 'max-requests': { type: 'string' }, 'time-limit': { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const baseUrl = mode === 'prism' ? values.upstream : values['base-url'] ?? process.env.KINDGI_BASE_URL;
  if (!baseUrl) throw new Error(mode === 'prism' ? '--upstream is needed' : '--base-url is needed');
  const reporter = values.reporter ?? 'summary';
  if (reporter !== 'summary' && reporter !== 'junit') throw new Error('--reporter takes summary or junit');
  if (reporter === 'junit' && !values.output) throw new Error('--reporter junit needs --output FILE');
  const whole = (name: string, text: string | undefined) => {
    if (text === undefined) return undefined;
    if (!/^\d+$/.test(text) || Number(text) < 1) throw new Error(`--${name} takes a whole number above 0, got "${text}"`);
    return Number(text);
  };
  const maxRequests = whole('max-requests', values['max-requests']);
  const timeLimit = whole('time-limit', values['time-limit']);

  const given = values.token ?? [];
  const env = process.env;
  let tokens: Tokens | undefined = given[0] ?? env.KINDGI_TOKEN
    ? {
        primary: (given[0] ?? env.KINDGI_TOKEN)!,
        ...((given[1] ?? env.KINDGI_OTHER_TENANT_TOKEN) ? { otherTenant: (given[1] ?? env.KINDGI_OTHER_TENANT_TOKEN)! } : {}),
        ...((given[2] ?? env.KINDGI_NARROW_TOKEN) ? { narrow: (given[2] ?? env.KINDGI_NARROW_TOKEN)! } : {}),
      }
    : undefined;
  tokens ??= await discoverTokens(baseUrl);
  if (!tokens) throw new Error(`no token: give --token (or KINDGI_TOKEN); ${baseUrl} has no /__mock/principals to find one`);

  const prism = mode === 'prism' ? await startPrism({ upstream: baseUrl }) : undefined;
  if (prism) process.stderr.write(`prism proxy ${baseUrl} --errors on ${prism.baseUrl}\n`);
  const result = await runSuite({
    baseUrl: prism?.baseUrl ?? baseUrl,
    tokens,
    ...(prism ? { answeredByProxy: answeredByPrism } : {}),
    allowWrites: values['allow-writes'] === true,
    ...(maxRequests ? { maxRequests } : {}),
    ...(timeLimit ? { timeLimitMs: timeLimit * 1000 } : {}),
    onProgress: ({ scenario, state, reason }) => process.stderr.write(`${state === 'start' ? '…' : state === 'done' ? '✓' : '-'} ${scenario}${reason ? ` (${reason})` : ''}\n`),
  }).finally(() => prism?.stop());
  const report = `${prism ? `${prismSection(result)}\n\n` : ''}${summarize(result)}`;
  process.stdout.write(`${report}\n`);
  if (values.output) writeFileSync(values.output, reporter === 'junit' ? toJunit(result) : `${report}\n`);
  const prismFound = result.proxy.answered.some((a) => a.type === 'VIOLATIONS');
  return result.failures.some((f) => f.severity === 'error') || prismFound ? 1 : 0;
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (invokedDirectly) {
  main(process.argv.slice(2)).then((code) => process.exit(code), (error: Error) => {
    process.stderr.write(`kindgi-mock contracts: ${error.message}\n${USAGE}\n`);
    process.exit(2);
  });
}
