// The sessions issue's targets, judged on the sessions case, and its tables.
import type { TargetResult } from './report.ts';
import type { SessionsResult } from './sessions.ts';

export const SESSION_TARGETS = {
  openInProcessMs: 2,
  openOverHttpMs: 20,
  /** This many sessions, with this many writes each, held open in this many MB above the base. */
  memorySessions: 1000,
  memoryWritesEach: 10,
  memoryMb: 100,
  /** Time per read in a session ÷ in the base world. */
  readRatio: 1.1,
} as const;

const NOT_RUN = 'sessions case not run';

export function judgeSessionTargets(sessions: SessionsResult | undefined): TargetResult[] {
  const t = SESSION_TARGETS;
  const targets: TargetResult[] = [];
  for (const [way, limit, times] of [
    ['in process (createSession())', t.openInProcessMs, sessions?.inProcess],
    ['over HTTP (POST /__mock/sessions round trip)', t.openOverHttpMs, sessions?.overHttp],
  ] as const) {
    targets.push({
      target: `opening a session ${way} < ${limit} ms, p95`,
      measured: times ? `median ${ms(times.medianMs)} ms, p95 ${ms(times.p95Ms)} ms over ${times.opens} (first ${ms(times.firstMs)} ms)` : NOT_RUN,
      pass: times ? times.p95Ms < limit : undefined,
    });
  }

  const memory = sessions?.memory;
  // Fewer sessions or writes than the issue names (a smoke run) say nothing about its figure.
  const enough = memory !== undefined && memory.held >= t.memorySessions && sessions!.settings.writesEach >= t.memoryWritesEach;
  // The larger of the two: RSS also counts heap pages V8 holds but does not use, the heap leaves out buffers.
  const above = memory ? Math.max(memory.aboveBase.rssMb, memory.aboveBase.heapMb + memory.aboveBase.externalMb) : undefined;
  targets.push({
    target: `${count(t.memorySessions)} open sessions with ${t.memoryWritesEach} writes each < ${t.memoryMb} MB above the base (the larger of RSS and JS heap + buffers)`,
    measured: memory
      ? `${count(memory.held)} × ${sessions!.settings.writesEach} writes: RSS ${signedMb(memory.aboveBase.rssMb)}, JS heap + buffers ${signedMb(memory.aboveBase.heapMb + memory.aboveBase.externalMb)} (${kbPerSession(above!, memory.held)} KB per session; RSS ${signedMb(memory.afterEnding.rssMb)} once ended)${enough ? '' : `; ${count(t.memorySessions)} × ${t.memoryWritesEach} not measured`}`
      : NOT_RUN,
    pass: enough ? above! < t.memoryMb : undefined,
  });

  const worst = sessions ? [...sessions.reads].sort((a, b) => b.ratio - a.ratio)[0] : undefined;
  const noises = sessions?.reads.flatMap((r) => (r.baseNoise === undefined ? [] : [r.baseNoise])) ?? [];
  targets.push({
    target: `reads in a session ≤ ${t.readRatio}× the time of the same reads in the base world (${sessions?.reads.map((r) => r.case).join(', ') ?? 'list-25, get-correction'})`,
    measured: worst
      ? `highest ${worst.ratio.toFixed(2)}× (${worst.case})${noises.length > 0 ? `; the base against itself, round to round: up to ${percent(Math.max(...noises))} apart` : ''}`
      : NOT_RUN,
    pass: worst ? worst.ratio <= t.readRatio : undefined,
  });
  return targets;
}

/** The sessions case as tables of their own: opens and memory, then reads side by side. */
export function sessionsTables(s: SessionsResult): string[] {
  const m = s.memory;
  const lines = [
    '| sessions (embedded world) | median | p95 | first |',
    '| --- | ---: | ---: | ---: |',
    `| open in process: createSession(), ${s.inProcess.opens} opens | ${ms(s.inProcess.medianMs)} ms | ${ms(s.inProcess.p95Ms)} ms | ${ms(s.inProcess.firstMs)} ms |`,
    `| open over HTTP: POST /__mock/sessions round trip, ${s.overHttp.opens} opens | ${ms(s.overHttp.medianMs)} ms | ${ms(s.overHttp.p95Ms)} ms | ${ms(s.overHttp.firstMs)} ms |`,
    '',
    `| ${count(m.held)} sessions open, ${s.settings.writesEach} writes each, after full collections | RSS | JS heap | buffers |`,
    '| --- | ---: | ---: | ---: |',
    `| the mock alone, no session open | ${mb(m.base.rssMb)} | ${mb(m.base.heapMb)} | ${mb(m.base.externalMb)} |`,
    `| above that, the sessions open | ${mb(m.aboveBase.rssMb)} | ${mb(m.aboveBase.heapMb)} | ${mb(m.aboveBase.externalMb)} |`,
    `| the same, per session | ${kbPerSession(m.aboveBase.rssMb, m.held)} KB | ${kbPerSession(m.aboveBase.heapMb, m.held)} KB | ${kbPerSession(m.aboveBase.externalMb, m.held)} KB |`,
    `| above the mock alone, once they were ended | ${mb(m.afterEnding.rssMb)} | ${mb(m.afterEnding.heapMb)} | ${mb(m.afterEnding.externalMb)} |`,
    '',
    `The ${count(m.writes)} writes went over HTTP, 8 at a time: ${m.writeSeconds.toFixed(2)} s, ${count(Math.round(m.writes / m.writeSeconds))} writes/s.`,
    '',
    '| read, same mock | body bytes base / session | base req/s | session req/s | p50 ms base / session | p99 ms base / session | session ÷ base, time | base round to round |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const r of s.reads) {
    const failed = r.base.failures + r.session.failures > 0 ? ` (${r.base.failures} / ${r.session.failures} failed)` : '';
    lines.push(`| ${r.case}${failed} | ${r.baseBytes} / ${r.sessionBytes} | ${Math.round(r.base.rps)} | ${Math.round(r.session.rps)} | ${ms(r.base.p50Ms)} / ${ms(r.session.p50Ms)} | ${ms(r.base.p99Ms)} / ${ms(r.session.p99Ms)} | ${r.ratio.toFixed(2)}×${r.ratio <= SESSION_TARGETS.readRatio ? ' ✓' : ' ✗'} | ${r.baseNoise === undefined ? '–' : percent(r.baseNoise)} |`);
  }
  return lines;
}

const count = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
const ms = (value: number) => (Number.isNaN(value) ? '–' : value < 1 ? value.toFixed(3) : value.toFixed(2));
const mb = (value: number) => `${value.toFixed(1)} MB`;
const signedMb = (value: number) => `${value < 0 ? '−' : '+'}${mb(Math.abs(value))}`;
const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
const kbPerSession = (mb: number, sessions: number) => (sessions > 0 ? Math.round((mb * 1024) / sessions) : Number.NaN);
