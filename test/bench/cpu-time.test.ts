// cpuMsOf (bench/child-process.ts): a process's CPU from /proc, which the benchmark reads for each
// server while it is measured. Linux only: elsewhere it answers undefined, and the tables show –.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cpuMsOf } from '../../bench/child-process.ts';

/** Spins until this process has used `ms` more of CPU: wall time would be less CPU on a busy machine. */
function spin(ms: number): void {
  const from = process.cpuUsage();
  for (let used = 0; used < ms * 1000; ) {
    const now = process.cpuUsage(from);
    used = now.user + now.system;
  }
}

describe.runIf(process.platform === 'linux')('cpuMsOf', () => {
  it('follows this process\'s own CPU as process.cpuUsage() counts it, within its 10 ms steps', () => {
    const before = cpuMsOf(process.pid)!;
    const usageBefore = process.cpuUsage();
    spin(300);
    const usage = process.cpuUsage(usageBefore);
    const measured = cpuMsOf(process.pid)! - before;
    const counted = (usage.user + usage.system) / 1000;
    expect(Math.abs(measured - counted)).toBeLessThanOrEqual(30);
  });

  it('reads a process whose name holds spaces and parentheses', async () => {
    // The name in /proc/<pid>/stat stands between parentheses: a ") " inside it must not shift the fields.
    // It spins until it has used 300 ms of CPU, says so, and waits.
    const child = spawn(process.execPath, ['-e', "process.title = 'x) y (z'; while (process.cpuUsage().user < 300000); console.log('spun'); setTimeout(() => {}, 10000)"], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      await new Promise((resolve) => child.stdout!.once('data', resolve));
      expect(readFileSync(`/proc/${child.pid}/stat`, 'utf8')).toContain('(x) y (z)');
      const cpu = cpuMsOf(child.pid)!;
      expect(cpu).toBeGreaterThanOrEqual(290);
      expect(cpu).toBeLessThan(5000);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('answers undefined for no pid and for a process that is gone', async () => {
    expect(cpuMsOf(undefined)).toBeUndefined();
    const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((resolve) => child.once('exit', resolve));
    expect(cpuMsOf(child.pid)).toBeUndefined();
  });
});
