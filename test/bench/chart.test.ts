// The benchmark's chart (bench/chart.ts), drawn from results given here: a well-formed SVG that
// names every case with its figures, that leaves out a server not measured rather than failing,
// and that is the same bytes for the same result.
import { describe, expect, it } from 'vitest';
import { niceAxis, renderBenchChart } from '../../bench/chart.ts';
import type { LoadResult } from '../../bench/load.ts';
import type { BenchResult, CaseResult } from '../../bench/report.ts';

const load = (rps: number): LoadResult => ({ rps, p50Ms: 0.7, p99Ms: 3, requests: rps * 5, failures: 0, bytesPerAnswer: 17_000, roundRps: [rps], loadGeneratorCpu: 0.5 });

/** A row with the servers given; its ratios, as the bench computes them, where both sides were measured. */
function row(name: string, mock: number, servers: { prism?: number; bare?: number }): CaseResult {
  return {
    case: name,
    path: '/v1/corrections',
    bodyBytes: 17_000,
    mock: load(mock),
    ...(servers.prism !== undefined ? { prism: load(servers.prism), vsPrism: mock / servers.prism } : {}),
    ...(servers.bare !== undefined ? { bare: load(servers.bare), vsBare: mock / servers.bare } : {}),
  };
}

function result(sizes: Array<{ corrections: number; cases: CaseResult[] }>, machine: Partial<BenchResult['machine']> = {}): BenchResult {
  return {
    startedAt: '2026-12-07T05:10:00.000Z',
    finishedAt: '2026-12-07T05:17:00.000Z',
    machine: { cpus: 2, cpuModel: 'AMD EPYC', memoryGb: 24, node: 'v20.20.2', platform: 'linux', ...machine },
    settings: { seed: 42, sizes: sizes.map((s) => s.corrections), cases: [], duration: 5, warmup: 1, settle: 3, rounds: 3, connections: 10, prism: true },
    sizes: sizes.map((s) => ({ corrections: s.corrections, startupMs: 600, cases: s.cases })),
    targets: [],
  };
}

const FULL = result([
  { corrections: 1000, cases: [row('list-25', 11_782, { prism: 1218, bare: 22_208 }), row('list-100', 7245, { prism: 1155, bare: 8199 }), row('get-correction', 32_803, { prism: 1334, bare: 43_693 })] },
  { corrections: 100_000, cases: [row('list-25', 14_690, { prism: 1218, bare: 24_545 }), row('list-100', 9444, { prism: 1155, bare: 10_422 }), row('get-correction', 38_080, { prism: 1334, bare: 49_986 })] },
]);

/**
 * A small XML well-formedness check, enough for hand-written SVG: every tag closed in order, one
 * root, attributes quoted and not repeated, no bare `<` or `&` in text or attribute values.
 * Returns the problems found (none: well-formed).
 */
function xmlProblems(xml: string): string[] {
  const problems: string[] = [];
  const stack: string[] = [];
  let roots = 0;
  const entity = /&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/;
  const body = xml.replace(/^<\?xml[^>]*\?>\s*/, '');
  for (const token of body.split(/(<[^>]*>)/)) {
    if (token === '') continue;
    if (!token.startsWith('<')) {
      if (token.includes('>') || entity.test(token)) problems.push(`bad text: ${token.slice(0, 60)}`);
      if (stack.length === 0 && token.trim() !== '') problems.push(`text outside the root: ${token.slice(0, 60)}`);
      continue;
    }
    const closing = /^<\/([A-Za-z][\w:.-]*)\s*>$/.exec(token);
    if (closing) {
      const open = stack.pop();
      if (open !== closing[1]) problems.push(`</${closing[1]}> closes <${open ?? 'nothing'}>`);
      continue;
    }
    const opening = /^<([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>$/.exec(token);
    if (!opening) {
      problems.push(`malformed tag: ${token.slice(0, 80)}`);
      continue;
    }
    const names = [...opening[2]!.matchAll(/([\w:.-]+)="([^"]*)"/g)].map((m) => {
      if (entity.test(m[2]!)) problems.push(`bad attribute value: ${m[0]}`);
      return m[1]!;
    });
    if (new Set(names).size !== names.length) problems.push(`repeated attribute: ${token.slice(0, 80)}`);
    if (stack.length === 0) roots += 1;
    if (opening[3] !== '/') stack.push(opening[1]!);
  }
  if (stack.length > 0) problems.push(`left open: ${stack.join(' > ')}`);
  if (roots !== 1) problems.push(`${roots} root elements`);
  return problems;
}

/** The text of every <text> element, tspans joined, entities read back. */
const texts = (svg: string) => [...svg.matchAll(/<text\b[^>]*>(.*?)<\/text>/g)].map((m) => m[1]!.replace(/<[^>]*>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&'));

describe('the well-formedness check itself', () => {
  it('finds a tag left open, one closed out of order, a bare & and a repeated attribute', () => {
    expect(xmlProblems('<svg><text x="1">a</text></svg>')).toEqual([]);
    expect(xmlProblems('<svg><text>a</svg>')).not.toEqual([]);
    expect(xmlProblems('<svg><g><text>a</g></text></svg>')).not.toEqual([]);
    expect(xmlProblems('<svg><text>a & b</text></svg>')).not.toEqual([]);
    expect(xmlProblems('<svg><rect x="1" x="2"/></svg>')).not.toEqual([]);
  });
});

describe('renderBenchChart', () => {
  it('draws a well-formed SVG, 900 px wide, titled with the date, the cores and the load generator', () => {
    const svg = renderBenchChart(FULL);
    expect(xmlProblems(svg)).toEqual([]);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="900" height="\d+" viewBox="0 0 900 \d+"/);
    const words = texts(svg);
    expect(words).toContain('Run of 2026-12-07 · 2 cores (AMD EPYC), Node v20.20.2');
    expect(words.some((w) => w.startsWith('Load generator: autocannon') && w.includes('10 connections'))).toBe(true);
    // Nothing is drawn past the right edge: every x (bars' ends, figures' starts) is inside 900 px.
    const xs = [...svg.matchAll(/ x="([\d.]+)"/g)].map((m) => Number(m[1]));
    const ends = [...svg.matchAll(/<rect x="([\d.]+)"[^>]* width="([\d.]+)"/g)].map((m) => Number(m[1]) + Number(m[2]));
    expect(Math.max(...xs, ...ends)).toBeLessThanOrEqual(900);
  });

  it('labels every case of every size with its three figures, and has a legend for the three servers', () => {
    const words = texts(renderBenchChart(FULL));
    expect(words).toEqual(expect.arrayContaining(['1 000 corrections', '100 000 corrections']));
    for (const size of FULL.sizes) {
      for (const c of size.cases) {
        expect(words).toContain(c.case);
        for (const figure of [c.mock.rps, c.prism!.rps, c.bare!.rps]) expect(words).toContain(String(figure).replace(/\B(?=(\d{3})+(?!\d))/g, ' '));
      }
    }
    expect(words).toEqual(expect.arrayContaining(['kindgi-mock, every answer validated', "Prism's static mock", 'bare node:http server sending the same bytes']));
  });

  it('shows the list cases\' ratios against their targets, with the lowest of each, and not the read cases\'', () => {
    const words = texts(renderBenchChart(FULL));
    expect(words).toContain('mock ÷ Prism ≥ 5× in every list case: lowest 6.3× (list-100 at 1 000) ✓ met');
    expect(words).toContain('mock ÷ bare ≥ 35 % in every list case: lowest 53 % (list-25 at 1 000) ✓ met');
    expect(words).toContain('9.7× ✓ · 53 % ✓');
    // get-correction is a read: no target, so no row in the panel (its label appears once, by its bars).
    expect(words.filter((w) => w === 'get-correction')).toHaveLength(2);
  });

  it('marks a ratio just under its target as missed, with the decimals that keep it under', () => {
    const words = texts(renderBenchChart(result([{ corrections: 1000, cases: [row('list-100', 4996, { prism: 1000, bare: 20_000 })] }])));
    expect(words).toContain('mock ÷ Prism ≥ 5× in every list case: lowest 4.996× (list-100 at 1 000) ✗ missed');
    expect(words).toContain('4.996× ✗ · 25 % ✗');
  });

  it('leaves Prism out when it was not measured (--no-prism): no bars, no legend, no Prism ratio, and no failure', () => {
    const noPrism = result([{ corrections: 1000, cases: [row('list-25', 11_782, { bare: 22_208 }), row('get-correction', 32_803, { bare: 43_693 })] }]);
    const svg = renderBenchChart(noPrism);
    expect(xmlProblems(svg)).toEqual([]);
    const words = texts(svg);
    expect(words).toEqual(expect.arrayContaining(['list-25', '11 782', '22 208', 'get-correction', '32 803', '43 693']));
    expect(words.some((w) => w.includes('Prism'))).toBe(false);
    expect(svg).not.toContain('fill="#d97706"');
    expect(words).toContain('53 % ✓');
  });

  it('says "not measured" where one row lacks a server that others have', () => {
    const words = texts(renderBenchChart(result([{ corrections: 1000, cases: [row('list-25', 11_782, { prism: 1218, bare: 22_208 }), row('list-100', 7245, { bare: 8199 })] }])));
    expect(words).toContain('not measured');
    expect(words).toContain('– · 88 % ✓');
  });

  it('draws a run with no world size (e.g. --cases in-process) as a note, not an error, and without a ratio panel', () => {
    const svg = renderBenchChart(result([]));
    expect(xmlProblems(svg)).toEqual([]);
    expect(texts(svg)).toContain('No list or read case was measured in this run.');
    expect(svg).not.toContain('Ratio targets');
  });

  it('is the same bytes for the same result, escapes what it is given, and names another source when told', () => {
    expect(renderBenchChart(FULL)).toBe(renderBenchChart(structuredClone(FULL)));
    const odd = renderBenchChart({ ...FULL, machine: { ...FULL.machine, cpuModel: 'Fast <"&"> CPU' } }, { source: 'Figures of the run of 2026-12-07 in docs/performance.md' });
    expect(xmlProblems(odd)).toEqual([]);
    expect(texts(odd)).toContain('Figures of the run of 2026-12-07 in docs/performance.md · 2 cores (Fast <"&"> CPU), Node v20.20.2');
  });

  it('puts the axis\'s ticks on round figures and ends it on one', () => {
    expect(niceAxis(58_819)).toEqual({ max: 60_000, ticks: [0, 10_000, 20_000, 30_000, 40_000, 50_000, 60_000] });
    expect(niceAxis(1545).max).toBe(1600);
    expect(niceAxis(0)).toEqual({ max: 0, ticks: [0] });
  });
});
