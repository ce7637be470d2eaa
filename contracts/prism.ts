// Starts Prism (`mock` or `proxy`) on the committed document, on a free loopback port, and tells
// apart the answers Prism gives itself from the ones it passes on.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { SPEC_PATH } from '../src/spec/load-spec.ts';
import type { Exchange } from './types.ts';

const PRISM_BIN = fileURLToPath(new URL('../node_modules/.bin/prism', import.meta.url));

export interface RunningPrism {
  baseUrl: string;
  stop(): Promise<void>;
}

/** `prism mock spec/openapi.yaml`, or with an upstream, `prism proxy spec/openapi.yaml URL --errors`. */
export async function startPrism(options: { upstream?: string; timeoutMs?: number } = {}): Promise<RunningPrism> {
  const port = await freePort();
  const args = options.upstream
    ? ['proxy', SPEC_PATH, options.upstream, '--errors', '--host', '127.0.0.1', '--port', String(port)]
    : ['mock', SPEC_PATH, '--host', '127.0.0.1', '--port', String(port)];
  const child = spawn(PRISM_BIN, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const timeoutMs = options.timeoutMs ?? 45_000;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => fail(`Prism did not start within ${timeoutMs} ms`), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Prism is listening')) {
        // Detach the start-up listeners once: stopChild's own exit listener must survive later output.
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        child.stderr?.off('data', onData);
        child.off('exit', onExit);
        child.stdout?.resume();
        child.stderr?.resume();
        resolve();
      }
    };
    const fail = (why: string) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${why}\n${output}`));
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    const onExit = (code: number | null) => fail(`Prism exited with ${code}`);
    child.once('exit', onExit);
  });
  return { baseUrl: `http://127.0.0.1:${port}`, stop: () => stopChild(child) };
}

/** An answer Prism made itself (a refused request, or a violation under --errors), not the upstream's. */
export function answeredByPrism(exchange: Exchange): boolean {
  const type = (exchange.response.body as { type?: unknown } | undefined)?.type;
  return /application\/problem\+json/.test(exchange.response.headers['content-type'] ?? '')
    && typeof type === 'string' && type.startsWith('https://stoplight.io/prism/errors#');
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** A loopback port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}
