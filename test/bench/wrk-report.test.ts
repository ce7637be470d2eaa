// wrk's report, as the replica case reads it: every figure from its text, and a loud failure when
// a line it always prints is missing or unreadable (never a figure of nothing).
import { describe, expect, it } from 'vitest';
import { parseWrkReport, wrkOnPath } from '../../bench/wrk.ts';

// As wrk 4.1.0 (Debian) prints it with --latency, errors and non-2xx answers included.
const REPORT = `Running 2s test @ http://127.0.0.1:40111/v1/corrections
  1 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     4.12ms    1.02ms  31.50ms   91.20%
    Req/Sec    12.10k   500.00    12.90k    75.00%
  Latency Distribution
     50%  850.00us
     75%    4.40ms
     90%    5.10ms
     99%    1.20s
  24200 requests in 2.00s, 46.60MB read
  Socket errors: connect 0, read 2, write 1, timeout 3
  Non-2xx or 3xx responses: 22
Requests/sec:  12100.00
Transfer/sec:     23.30MB
`;

describe("wrk's report", () => {
  it('gives requests, seconds, bytes, p50 and p99 in their units, and the failures', () => {
    expect(parseWrkReport(REPORT)).toEqual({
      requests: 24_200, seconds: 2, bytes: 46.6 * 1024 * 1024, p50Ms: 0.85, p99Ms: 1200, non2xx: 22, socketErrors: 6,
    });
  });

  it('reads a run counted in minutes, and one with no failure lines', () => {
    const report = parseWrkReport(REPORT.replace('in 2.00s, 46.60MB', 'in 1.00m, 512.00KB').replace(/^\s*(Socket errors|Non-2xx).*\n/gm, ''));
    expect(report).toMatchObject({ seconds: 60, bytes: 512 * 1024, non2xx: 0, socketErrors: 0 });
  });

  it('fails, quoting the report, when --latency was not given', () => {
    const withoutDistribution = REPORT.replace(/ {2}Latency Distribution\n(.*%.*\n)+/, '');
    expect(() => parseWrkReport(withoutDistribution)).toThrow(/Latency Distribution.*\n[\s\S]*Requests\/sec/);
  });

  it('fails when a percentile, the totals or a failure line is unreadable', () => {
    expect(() => parseWrkReport(REPORT.replace(/ {5}99%.*\n/, ''))).toThrow(/no 99 % latency/);
    expect(() => parseWrkReport(REPORT.replace('850.00us', '850.00ns'))).toThrow(/no 50 % latency/);
    expect(() => parseWrkReport(REPORT.replace('24200 requests in', 'requests in'))).toThrow(/requests in/);
    expect(() => parseWrkReport(REPORT.replace('Non-2xx or 3xx responses: 22', 'Non-2xx or 3xx responses: many'))).toThrow(/Non-2xx/);
    expect(() => parseWrkReport(REPORT.replace('timeout 3', 'timeouts 3'))).toThrow(/Socket errors/);
    expect(() => parseWrkReport('unable to connect to 127.0.0.1:1 Connection refused')).toThrow(/could not be read/);
  });

  it('finds wrk on PATH only where an executable of that name is', () => {
    expect(wrkOnPath('')).toBeUndefined();
    expect(wrkOnPath('/nonexistent-dir')).toBeUndefined();
  });
});
