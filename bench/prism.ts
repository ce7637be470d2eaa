// Starts Prism's mock (`prism mock spec/openapi.yaml`, static examples, its default logging) in a
// child process: the baseline of a mock that reads only the document.
import { closeSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT, spawnTracked, stopChild } from './child-process.ts';

export interface PrismServer {
  url: string;
  /** Where Prism's own log goes (it logs every request); removed by stop(). */
  logFile: string;
  stop(): Promise<void>;
}

const PRISM_BIN = join(ROOT, 'node_modules', '.bin', 'prism');

export async function startPrism(timeoutMs = 60_000): Promise<PrismServer> {
  const port = await freePort();
  const logFile = join(tmpdir(), `kindgi-mock-bench-prism-${process.pid}.log`);
  // Its log goes to a file, not to a pipe: reading a line per request would load the benchmark
  // process, and an unread pipe would stall Prism.
  const log = openSync(logFile, 'w');
  const child = spawnTracked(PRISM_BIN, ['mock', 'spec/openapi.yaml', '--host', '127.0.0.1', '--port', String(port)], {
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`prism exited with ${child.exitCode}:\n${readFileSync(logFile, 'utf8').slice(-4000)}`);
    try {
      const response = await fetch(`${url}/health`);
      await response.arrayBuffer();
      break;
    } catch {
      if (Date.now() > deadline) {
        await stopChild(child);
        throw new Error(`prism did not answer within ${timeoutMs} ms:\n${readFileSync(logFile, 'utf8').slice(-4000)}`);
      }
      await sleep(100);
    }
  }
  return {
    url,
    logFile,
    stop: async () => {
      await stopChild(child);
      rmSync(logFile, { force: true });
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}
