// `npm run contracts -- --base-url URL [--token T …]`: checks a deployment against the contract.
import { appendFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { discoverTokens } from './discover.ts';
import { exitCodeOf } from './exit-code.ts';
import { listChecks } from './list-checks.ts';
import { DEFAULT_REMOTE_RPS } from './pace.ts';
import { answeredByPrism, startPrism } from './prism.ts';
import { prismSection } from './report/prism-section.ts';
import { githubAnnotations, githubSummary } from './report/github.ts';
import { toJunit } from './report/junit.ts';
import { summarize } from './report/summary.ts';
import { DEFAULT_MAX_REQUESTS, DEFAULT_TIME_LIMIT_MS, runSuite } from './run-suite.ts';
import { DEFAULT_STATEFUL_RUNS, isWalkSeed, MAX_SEED, MAX_STEPS, MIN_SEED } from './stateful/walk.ts';
import type { Tokens } from './types.ts';

export const USAGE = `usage: kindgi-mock contracts --base-url URL [options]   (in this repo: npm run contracts -- …)
       npm run contracts:prism -- --upstream URL [options]   (this repo only: Prism is a dev dependency)
  --base-url URL        the deployment (env KINDGI_BASE_URL)
  --upstream URL        (contracts:prism) the deployment, reached through Prism's validating proxy
  --token T             a broad token of one tenant (env KINDGI_TOKEN); a second --token is
                        another tenant's (KINDGI_OTHER_TENANT_TOKEN), a third a narrow token of the
                        first tenant (KINDGI_NARROW_TOKEN). Against the mock, found by themselves.
  --allow-writes        also check writes, on corrections the suite creates itself (each tagged in
                        its why), removed at the end; what an interrupted run left is removed first
  --stateful            with --allow-writes: also walk the target with generated sequences of steps
                        (create, re-sort, status, remove, supersede, replays, reads, lists), each
                        sent to kindgi-mock in this process too; a divergence is shrunk to a
                        shortest sequence and reported with curl lines and the rule it breaks
  --stateful-runs N     sequences the walk generates (default ${DEFAULT_STATEFUL_RUNS}, each of up to ${MAX_STEPS} steps)
  --seed N              the walk's seed (printed by every run): the same seed, the same sequences
  --strict              a failed inferred check (the mock's reading) fails against any target; by
                        default it is a warning against a target other than the mock
  --rps N               at most N requests per second (default: ${DEFAULT_REMOTE_RPS} against a target that is not
                        this machine, no ceiling on loopback)
  --reporter R          summary (default), junit or github (workflow annotations, and a Markdown
                        job summary appended to $GITHUB_STEP_SUMMARY when it is set)
  --output FILE         write the report there (junit: the XML; github: the Markdown) as well as
                        the summary to stdout
  --max-requests N      request budget (default ${DEFAULT_MAX_REQUESTS})
  --time-limit S        seconds (default ${DEFAULT_TIME_LIMIT_MS / 1000})
  --list-checks         print every check and what it rests on (page, convention, inferred), and exit
exit: 0 all checks passed, 1 a check failed, 2 the suite could not run (bad input, no token,
      unreachable, or a scenario the target could not serve: 503s past the retries)`;

export const REPORTERS = ['summary', 'junit', 'github'] as const;
export type Reporter = (typeof REPORTERS)[number];



export async function main(argv: string[], mode: 'direct' | 'prism' = 'direct'): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      'base-url': { type: 'string' }, upstream: { type: 'string' }, token: { type: 'string', multiple: true }, 'allow-writes': { type: 'boolean' },
      reporter: { type: 'string' }, output: { type: 'string' }, 'max-requests': { type: 'string' }, 'time-limit': { type: 'string' },
      strict: { type: 'boolean' }, rps: { type: 'string' }, stateful: { type: 'boolean' }, 'stateful-runs': { type: 'string' }, seed: { type: 'string' }, 'list-checks': { type: 'boolean' }, help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (values['list-checks']) {
    process.stdout.write(`${listChecks()}\n`);
    return 0;
  }
  const baseUrl = mode === 'prism' ? values.upstream : values['base-url'] ?? process.env.KINDGI_BASE_URL;
  if (!baseUrl) throw new Error(mode === 'prism' ? '--upstream is needed' : '--base-url is needed');
  const reporter = (values.reporter ?? 'summary') as Reporter;
  if (!REPORTERS.includes(reporter)) throw new Error(`--reporter takes ${REPORTERS.join(', ')}, got "${values.reporter}"`);
  if (reporter === 'junit' && !values.output) throw new Error('--reporter junit needs --output FILE');
  const whole = (name: string, text: string | undefined) => {
    if (text === undefined) return undefined;
    if (!/^\d+$/.test(text) || Number(text) < 1) throw new Error(`--${name} takes a whole number above 0, got "${text}"`);
    return Number(text);
  };
  const maxRequests = whole('max-requests', values['max-requests']);
  const timeLimit = whole('time-limit', values['time-limit']);
  const statefulRuns = whole('stateful-runs', values['stateful-runs']);
  const seedText = values.seed;
  if (seedText !== undefined && (!/^-?\d+$/.test(seedText) || !isWalkSeed(Number(seedText)))) throw new Error(`--seed takes a whole number from ${MIN_SEED} to ${MAX_SEED} (a run prints its seed), got "${seedText}"`);
  if (values.stateful && !values['allow-writes']) throw new Error('--stateful needs --allow-writes: the walk creates, changes and removes corrections of its own (tagged, and removed at the end)');
  if (!values.stateful && (statefulRuns !== undefined || seedText !== undefined)) throw new Error(`--${statefulRuns !== undefined ? 'stateful-runs' : 'seed'} is for the stateful walk: add --stateful`);
  const rpsText = values.rps;
  if (rpsText !== undefined && (!/^\d+(\.\d+)?$/.test(rpsText) || Number(rpsText) <= 0)) throw new Error(`--rps takes a number of requests per second above 0, got "${rpsText}"`);

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
    ...(prism ? { targetUrl: baseUrl } : {}),
    tokens,
    strict: values.strict === true,
    ...(rpsText !== undefined ? { rps: Number(rpsText) } : {}),
    ...(prism ? { answeredByProxy: answeredByPrism } : {}),
    allowWrites: values['allow-writes'] === true,
    ...(values.stateful ? { stateful: true } : {}),
    ...(statefulRuns !== undefined ? { statefulRuns } : {}),
    ...(seedText !== undefined ? { seed: Number(seedText) } : {}),
    ...(maxRequests ? { maxRequests } : {}),
    ...(timeLimit ? { timeLimitMs: timeLimit * 1000 } : {}),
    onProgress: ({ scenario, state, reason }) => process.stderr.write(`${PROGRESS_MARK[state]} ${scenario}${reason ? ` (${reason})` : ''}\n`),
  }).finally(() => prism?.stop());
  const report = `${prism ? `${prismSection(result)}\n\n` : ''}${summarize(result)}`;
  // GitHub reads workflow commands from the log: they go first, the summary after them.
  const annotations = reporter === 'github' ? `${githubAnnotations(result).join('\n')}\n` : '';
  process.stdout.write(`${annotations}${report}\n`);
  if (reporter === 'github') {
    const markdown = githubSummary(result);
    if (process.env.GITHUB_STEP_SUMMARY) appendFileSync(process.env.GITHUB_STEP_SUMMARY, markdown);
    if (values.output) writeFileSync(values.output, markdown);
  } else if (values.output) {
    writeFileSync(values.output, reporter === 'junit' ? toJunit(result) : `${report}\n`);
  }
  return exitCodeOf(result);
}

const PROGRESS_MARK = { start: '…', done: '✓', skipped: '-', unavailable: '⧗' } as const;

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (invokedDirectly) {
  main(process.argv.slice(2)).then((code) => process.exit(code), (error: Error) => {
    process.stderr.write(`kindgi-mock contracts: ${error.message}\n${USAGE}\n`);
    process.exit(2);
  });
}
