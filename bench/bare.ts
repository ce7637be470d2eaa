// Starts the bare node:http baseline (bare-server.ts) in a child process with the bodies to send.
import { memoryOf, spawnTs, stopChild, tailOf } from './child-process.ts';
import type { BareBodies } from './bare-server.ts';

export interface BareServer {
  url: string;
  stop(): Promise<void>;
  rssMb(): number | undefined;
}

export async function startBareServer(bodies: Record<string, string>, timeoutMs = 30_000): Promise<BareServer> {
  const child = spawnTs('bench/bare-server.ts', [], { stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  const output = tailOf(child);
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => fail(`did not listen within ${timeoutMs} ms`), timeoutMs);
    const fail = (why: string) => {
      clearTimeout(timer);
      void stopChild(child);
      reject(new Error(`the bare server ${why}:\n${output()}`));
    };
    child.once('exit', (code) => fail(`exited with ${code}`));
    child.once('message', (message: { port: number }) => {
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve(message.port);
    });
    child.send({ bodies } satisfies BareBodies);
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => stopChild(child), rssMb: () => memoryOf(child.pid)?.rssMb };
}
