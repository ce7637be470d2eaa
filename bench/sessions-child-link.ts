// Starts the sessions case's mock (sessions-child.ts) in a child with --expose-gc, and asks it
// commands over IPC, one at a time.
import { spawnTracked, stopChild, tailOf } from './child-process.ts';
import type { SessionsAnswer, SessionsCommand, SessionsReady } from './sessions-child.ts';

export interface SessionsChild extends SessionsReady {
  ask<T extends SessionsAnswer>(command: SessionsCommand): Promise<T>;
  stop(): Promise<void>;
}

/**
 * - `checkedWorldsDir`: where the child's mock remembers checked worlds (KINDGI_MOCK_CHECKED_WORLDS), not the user's cache.
 * - `timeoutMs`: for starting, and for each command.
 */
export async function startSessionsChild(checkedWorldsDir: string, timeoutMs = 120_000): Promise<SessionsChild> {
  const child = spawnTracked(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/sessions-child.ts'], {
    env: { ...process.env, KINDGI_MOCK_CHECKED_WORLDS: checkedWorldsDir },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const output = tailOf(child);
  const nextMessage = <T>(what: string) => new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => fail(`did not ${what} within ${timeoutMs} ms`), timeoutMs);
    const onExit = (code: number | null) => fail(`exited with ${code} before it could ${what}`);
    const fail = (why: string) => {
      clearTimeout(timer);
      child.off('message', onMessage);
      void stopChild(child);
      reject(new Error(`the sessions case's mock ${why}:\n${output()}`));
    };
    const onMessage = (message: T) => {
      clearTimeout(timer);
      child.off('exit', onExit);
      resolve(message);
    };
    child.once('exit', onExit);
    child.once('message', onMessage);
  });
  const ready = await nextMessage<SessionsReady>('listen');
  return {
    ...ready,
    ask: <T extends SessionsAnswer>(command: SessionsCommand) => {
      const answer = nextMessage<T>(`answer ${command.do}`);
      child.send(command);
      return answer;
    },
    stop: () => stopChild(child),
  };
}
