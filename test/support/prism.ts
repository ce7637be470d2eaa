// Starts `prism mock` on the committed document, on a loopback port, and stops it.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SPEC_PATH } from '../../src/spec/load-spec.ts';
import { freePort } from './free-port.ts';

const PRISM_BIN = fileURLToPath(new URL('../../node_modules/.bin/prism', import.meta.url));

export interface RunningPrism {
  baseUrl: string;
  stop(): Promise<void>;
}

/** Resolves once Prism says it listens; rejects with its output if it exits or takes over `timeoutMs`. */
export async function startPrismMock(timeoutMs = 45_000): Promise<RunningPrism> {
  const port = await freePort();
  const child = spawn(PRISM_BIN, ['mock', SPEC_PATH, '--host', '127.0.0.1', '--port', String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => fail(`Prism did not start within ${timeoutMs} ms`), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Prism is listening')) {
        clearTimeout(timer);
        resolve();
      }
    };
    const fail = (why: string) => {
      clearTimeout(timer);
      child.kill('SIGTERM');
      reject(new Error(`${why}\n${output}`));
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => fail(`Prism exited with ${code}`));
  });
  child.removeAllListeners('exit');
  return { baseUrl: `http://127.0.0.1:${port}`, stop: () => stopChild(child) };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
