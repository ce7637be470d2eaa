// Starts a baseline server (baseline-server.ts) in a child process with the bodies to send.
import { spawnTs, stopChild, tailOf } from './child-process.ts';
import type { BaselineBodies, BaselineKind } from './baseline-server.ts';

export interface BaselineServer {
  url: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

export async function startBaseline(kind: BaselineKind, bodies: Record<string, string>, timeoutMs = 30_000): Promise<BaselineServer> {
  const child = spawnTs('bench/baseline-server.ts', [kind], { stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  const output = tailOf(child);
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => fail(`did not listen within ${timeoutMs} ms`), timeoutMs);
    const fail = (why: string) => {
      clearTimeout(timer);
      void stopChild(child);
      reject(new Error(`the ${kind} baseline ${why}:\n${output()}`));
    };
    child.once('exit', (code) => fail(`exited with ${code}`));
    child.once('message', (message: { port: number }) => {
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve(message.port);
    });
    child.send({ bodies } satisfies BaselineBodies);
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => stopChild(child) };
}
