// The benchmark's requests per second as an SVG chart, drawn from the same result object as its
// tables: `npm run bench` writes it beside its JSON, and this file's command redraws one from a
// results file (e.g. the docs' copy):
//   node --import tsx bench/chart.ts bench/results/latest.json docs/performance-chart.svg [--source TEXT]
// Hand-written SVG, no dependency: the same result gives the same bytes, so a committed copy only
// changes when its figures do.
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { count, LIST_CASES, percent as percentOf, ratio as ratioOf, TARGETS, type BenchResult, type CaseResult, type SizeResult } from './report.ts';

export interface ChartOptions {
  /** Where the figures come from, in place of "Run of <date>", e.g. "Figures of the run of 2026-12-07 in docs/performance.md". */
  source?: string;
}

type ServerKey = 'mock' | 'prism' | 'bare';

const SERVERS: ReadonlyArray<{ key: ServerKey; name: string; colour: string }> = [
  { key: 'mock', name: 'kindgi-mock, every answer validated', colour: '#2563eb' },
  { key: 'prism', name: "Prism's static mock", colour: '#d97706' },
  { key: 'bare', name: 'bare node:http server sending the same bytes', colour: '#6b7280' },
];

const WIDTH = 900;
const LABEL_RIGHT = 152;
const PLOT_LEFT = 162;
// Room on the right for the figure written after the longest bar.
const PLOT_RIGHT = 820;
const BAR = 11;
const BAR_GAP = 2;
const GROUP_GAP = 12;
const SIZE_HEADING = 30;
const INK = '#1f2937';
const FAINT = '#6b7280';
const PASS = '#15803d';
const MISS = '#b91c1c';
const FONT = 'system-ui, -apple-system, Segoe UI, Helvetica, Arial, sans-serif';


/**
 * The chart of `result` as an SVG document, 900 px wide.
 * - One section per world size, one group of bars per case: the mock, Prism and the bare server, each with its figure.
 * - A server measured in no row (e.g. `--no-prism`) is left out of the bars and the legend; one missing from a single row shows "not measured" there.
 * - A panel of the list cases' ratios (mock ÷ Prism, mock ÷ bare) against their targets, when the result has them.
 * - The title names the date, the machine's cores and the load generator.
 */
export function renderBenchChart(result: BenchResult, options: ChartOptions = {}): string {
  const sizes = result.sizes.filter((size) => size.cases.length > 0);
  const servers = SERVERS.filter((server) => sizes.some((size) => size.cases.some((row) => row[server.key] !== undefined)));
  const body: string[] = [];
  let y = header(result, options, servers, body);

  const peak = Math.max(0, ...sizes.flatMap((size) => size.cases.flatMap((row) => servers.map((server) => row[server.key]?.rps ?? 0))));
  const axis = niceAxis(peak);
  const x = (rps: number) => PLOT_LEFT + (axis.max === 0 ? 0 : ((PLOT_RIGHT - PLOT_LEFT) * rps) / axis.max);

  if (sizes.length === 0) {
    body.push(text(PLOT_LEFT, y + 20, 'No list or read case was measured in this run.', { fill: FAINT }));
    y += 40;
  } else {
    const plotTop = y;
    const bars: string[] = [];
    for (const size of sizes) {
      bars.push(text(10, y + 20, `${count(size.corrections)} corrections`, { weight: 'bold', size: 13 }));
      y += SIZE_HEADING;
      for (const row of size.cases) y = caseGroup(row, servers, x, y, bars);
    }
    const plotBottom = y;
    // Gridlines first, so that bars and figures are drawn over them.
    for (const tick of axis.ticks) {
      body.push(`<line x1="${fixed(x(tick))}" y1="${plotTop}" x2="${fixed(x(tick))}" y2="${plotBottom}" stroke="#e5e7eb" stroke-width="1"/>`);
      body.push(text(x(tick), plotBottom + 16, count(tick), { anchor: 'middle', size: 11, fill: FAINT }));
    }
    body.push(...bars);
    body.push(text((PLOT_LEFT + PLOT_RIGHT) / 2, plotBottom + 34, 'requests per second (2xx answers)', { anchor: 'middle', size: 12, fill: FAINT }));
    y = plotBottom + 50;
  }

  y = ratioPanel(sizes, y, body);
  const height = y + 10;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="${FONT}" role="img" aria-labelledby="chart-title">`,
    `<title id="chart-title">${escape(`kindgi-mock benchmark: requests per second. ${runSource(result, options)}; ${result.machine.cpus} cores; load generator autocannon`)}</title>`,
    // An opaque ground: on a dark page (GitHub's dark theme) the dark text stays readable.
    `<rect width="${WIDTH}" height="${height}" fill="#ffffff"/>`,
    ...body,
    '</svg>',
    '',
  ].join('\n');
}

/** "Run of 2026-12-07", or the source the options name. */
function runSource(result: BenchResult, options: ChartOptions): string {
  const date = /^\d{4}-\d{2}-\d{2}/.exec(result.startedAt)?.[0];
  return options.source ?? (date ? `Run of ${date}` : 'Run of an unrecorded date');
}

/** Title, the run's description and the legend; returns where the plot starts. */
function header(result: BenchResult, options: ChartOptions, servers: typeof SERVERS, body: string[]): number {
  const source = runSource(result, options);
  const { cpus, cpuModel, node } = result.machine;
  const s = result.settings;
  body.push(text(10, 26, 'kindgi-mock: requests per second, list and read cases', { weight: 'bold', size: 17 }));
  body.push(text(10, 46, `${source} · ${cpus} cores (${cpuModel}), Node ${node}`, { size: 12.5 }));
  body.push(text(10, 64, `Load generator: autocannon on the same machine, ${s.connections} connections; ${s.duration} s measured per case and server, in ${s.rounds} alternating round${s.rounds === 1 ? '' : 's'}`, { size: 12.5, fill: FAINT }));
  let x = 10;
  for (const server of servers) {
    body.push(`<rect x="${x}" y="78" width="12" height="12" fill="${server.colour}"/>`);
    body.push(text(x + 17, 88.5, server.name, { size: 12 }));
    // Wide enough for each name at 12 px; the three fit in 900 px.
    x += 28 + server.name.length * 6.4;
  }
  return 100;
}

/** One case's bars at `y`; returns the y after its group. */
function caseGroup(row: CaseResult, servers: typeof SERVERS, x: (rps: number) => number, top: number, out: string[]): number {
  const height = servers.length * BAR + (servers.length - 1) * BAR_GAP;
  out.push(text(LABEL_RIGHT, top + height / 2 + 4, row.case, { anchor: 'end', size: 12.5 }));
  servers.forEach((server, index) => {
    const y = top + index * (BAR + BAR_GAP);
    const load = row[server.key];
    if (load === undefined) {
      out.push(text(PLOT_LEFT + 4, y + BAR - 2, 'not measured', { size: 10.5, fill: FAINT, italic: true }));
      return;
    }
    const end = x(load.rps);
    out.push(`<rect x="${PLOT_LEFT}" y="${y}" width="${fixed(Math.max(end - PLOT_LEFT, 1))}" height="${BAR}" fill="${server.colour}"/>`);
    out.push(text(end + 4, y + BAR - 1.5, count(Math.round(load.rps)), { size: 10.5, weight: server.key === 'mock' ? 'bold' : undefined }));
  });
  return top + height + GROUP_GAP;
}

/**
 * The list cases' mock ÷ Prism and mock ÷ bare at each size, each marked against its target, and
 * the lowest of each; nothing when no row has either ratio.
 */
function ratioPanel(sizes: readonly SizeResult[], top: number, out: string[]): number {
  const rows = sizes.flatMap((size) => size.cases.filter((row) => LIST_CASES.has(row.case)).map((row) => ({ size: size.corrections, row })));
  const hasPrism = rows.some(({ row }) => row.vsPrism !== undefined);
  const hasBare = rows.some(({ row }) => row.vsBare !== undefined);
  if (!hasPrism && !hasBare) return top;
  let y = top;
  out.push(`<line x1="10" y1="${y}" x2="${WIDTH - 10}" y2="${y}" stroke="#d1d5db" stroke-width="1"/>`);
  y += 22;
  const cell = [hasPrism ? 'mock ÷ Prism' : undefined, hasBare ? 'mock ÷ bare' : undefined].filter((part) => part !== undefined).join(' · ');
  out.push(`<text x="10" y="${y}" font-size="14" fill="${INK}"><tspan font-weight="bold">Ratio targets, list cases</tspan><tspan font-size="12" fill="${FAINT}">   (each cell: ${escape(cell)})</tspan></text>`);
  y += 6;
  const lowest = (pick: (row: CaseResult) => number | undefined) => rows.flatMap(({ size, row }) => { const value = pick(row); return value === undefined ? [] : [{ size, row, value }]; }).sort((a, b) => a.value - b.value)[0];
  const prismLow = lowest((row) => row.vsPrism);
  const bareLow = lowest((row) => row.vsBare);
  if (prismLow) {
    y += 18;
    out.push(verdictLine(y, `mock ÷ Prism ≥ ${TARGETS.listVsPrism}× in every list case: lowest ${ratio(prismLow.value)} (${prismLow.row.case} at ${count(prismLow.size)})`, prismLow.value >= TARGETS.listVsPrism));
  }
  if (bareLow) {
    y += 18;
    out.push(verdictLine(y, `mock ÷ bare ≥ ${TARGETS.listVsBare * 100} % in every list case: lowest ${percent(bareLow.value)} (${bareLow.row.case} at ${count(bareLow.size)})`, bareLow.value >= TARGETS.listVsBare));
  }

  // A table: a row per list case, a column per size, each cell "÷ Prism   ÷ bare".
  const columnWidth = Math.min(240, (WIDTH - PLOT_LEFT - 10) / sizes.length);
  const column = (index: number) => PLOT_LEFT + index * columnWidth;
  y += 28;
  sizes.forEach((size, index) => out.push(text(column(index), y, `${count(size.corrections)} corrections`, { size: 12, weight: 'bold' })));
  const listNames = [...new Set(rows.map(({ row }) => row.case))];
  for (const name of listNames) {
    y += 18;
    out.push(text(LABEL_RIGHT, y, name, { anchor: 'end', size: 12.5 }));
    sizes.forEach((size, index) => {
      const row = size.cases.find((c) => c.case === name);
      const parts: string[] = [];
      if (hasPrism) parts.push(row?.vsPrism !== undefined ? marked(ratio(row.vsPrism), row.vsPrism >= TARGETS.listVsPrism) : dash());
      if (hasBare) parts.push(row?.vsBare !== undefined ? marked(percent(row.vsBare), row.vsBare >= TARGETS.listVsBare) : dash());
      out.push(`<text x="${fixed(column(index))}" y="${fixed(y)}" font-size="12.5" fill="${INK}">${parts.join('<tspan fill="#9ca3af"> · </tspan>')}</text>`);
    });
  }
  return y + 14;
}

function verdictLine(y: number, words: string, pass: boolean): string {
  return `<text x="10" y="${fixed(y)}" font-size="12.5" fill="${INK}">${escape(words)} <tspan fill="${pass ? PASS : MISS}" font-weight="bold">${pass ? '✓ met' : '✗ missed'}</tspan></text>`;
}

/** A ratio in the colour of its verdict, with its mark, so that it reads without the colour too. */
function marked(figure: string, pass: boolean): string {
  return `<tspan fill="${pass ? PASS : MISS}">${escape(figure)} ${pass ? '✓' : '✗'}</tspan>`;
}

const dash = () => `<tspan fill="${FAINT}">–</tspan>`;

/** Ticks at 1, 2, 2.5 or 5 × a power of ten, five to eight of them, and an axis ending on one. */
export function niceAxis(peak: number): { max: number; ticks: number[] } {
  if (!(peak > 0)) return { max: 0, ticks: [0] };
  const power = 10 ** Math.floor(Math.log10(peak / 5));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((candidate) => peak / candidate <= 8)!;
  const max = Math.ceil(peak / step) * step;
  const ticks: number[] = [];
  for (let tick = 0; tick <= max + step / 2; tick += step) ticks.push(Math.round(tick));
  return { max, ticks };
}

interface TextStyle {
  anchor?: 'start' | 'middle' | 'end';
  size?: number;
  weight?: 'bold' | undefined;
  fill?: string;
  italic?: boolean;
}

function text(x: number, y: number, words: string, style: TextStyle = {}): string {
  const attributes = [
    `x="${fixed(x)}"`,
    `y="${fixed(y)}"`,
    ...(style.anchor && style.anchor !== 'start' ? [`text-anchor="${style.anchor}"`] : []),
    `font-size="${style.size ?? 12}"`,
    ...(style.weight ? [`font-weight="${style.weight}"`] : []),
    ...(style.italic ? ['font-style="italic"'] : []),
    `fill="${style.fill ?? INK}"`,
  ];
  return `<text ${attributes.join(' ')}>${escape(words)}</text>`;
}

function escape(words: string): string {
  return words.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

// Coordinates to two decimals at most: the same bytes on every platform, and no 1e-7 tails.
const fixed = (n: number) => String(Math.round(n * 100) / 100);
// The tables' own formatters, so a figure reads the same in the chart as in the tables.
const ratio = (value: number) => ratioOf(value, TARGETS.listVsPrism);
const percent = (value: number) => percentOf(value, TARGETS.listVsBare);

const USAGE = `usage: node --import tsx bench/chart.ts RESULTS.json OUT.svg [--source TEXT]
  RESULTS.json  what \`npm run bench\` wrote (bench/results/latest.json by default)
  OUT.svg       the chart, e.g. docs/performance-chart.svg
  --source TEXT said in the title in place of "Run of <date>"`;

function main(): void {
  const { values, positionals } = parseArgs({ options: { source: { type: 'string' }, help: { type: 'boolean' } }, allowPositionals: true, strict: true });
  if (values.help || positionals.length !== 2) {
    process.stdout.write(`${USAGE}\n`);
    process.exitCode = values.help ? 0 : 2;
    return;
  }
  const [from, to] = positionals as [string, string];
  const result = JSON.parse(readFileSync(from, 'utf8')) as BenchResult;
  writeFileSync(to, renderBenchChart(result, values.source !== undefined ? { source: values.source } : {}));
  process.stdout.write(`chart of ${from} written to ${to}\n`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) main();
