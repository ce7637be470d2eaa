// Starts Prism's mock (`prism mock spec/openapi.yaml`, static examples, its default logging) in a
// child process: the baseline of a mock that reads only the document.
import { closeSync, existsSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT, spawnTracked, stopChild } from './child-process.ts';

export interface PrismServer {
  url: string;
  /** Prism's server process (its bin is a node script, run directly). */
  pid: number | undefined;
  /** Where Prism's own log goes (it logs every request); removed by stop(). */
  logFile: string;
  stop(): Promise<void>;
}

const PRISM_BIN = join(ROOT, 'node_modules', '.bin', 'prism');
const LISTENING = /Prism is listening on (http:\/\/[\d.]+:\d+)/;

export async function startPrism(timeoutMs = 60_000): Promise<PrismServer> {
  const logFile = join(tmpdir(), `kindgi-mock-bench-prism-${process.pid}-${Date.now()}.log`);
  // Its log goes to a file, not to a pipe: reading a line per request would load the benchmark
  // process, and an unread pipe would stall Prism.
  const log = openSync(logFile, 'w');
  // Port 0, read back from its log: a port picked free beforehand could be taken by another
  // process that also picked it (tests start Prism too) before Prism binds it.
  // One process, as Prism runs unless NODE_ENV=production: then it would fork its server, and
  // the pid whose CPU is measured would be only its logger's.
  const child = spawnTracked(PRISM_BIN, ['mock', 'spec/openapi.yaml', '--host', '127.0.0.1', '--port', '0', '--no-multiprocess'], {
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const output = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '');
  const deadline = Date.now() + timeoutMs;
  let url: string | undefined;
  while (url === undefined) {
    if (child.exitCode !== null) throw new Error(`prism exited with ${child.exitCode}:\n${output().slice(-4000)}`);
    if (Date.now() > deadline) {
      await stopChild(child);
      throw new Error(`prism did not listen within ${timeoutMs} ms:\n${output().slice(-4000)}`);
    }
    url = LISTENING.exec(output())?.[1];
    if (url === undefined) await sleep(100);
  }
  return {
    url,
    pid: child.pid,
    logFile,
    stop: async () => {
      await stopChild(child);
      rmSync(logFile, { force: true });
    },
  };
}
