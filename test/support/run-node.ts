// Runs a Node.js command of the project to its end, collecting its output and exit code.
import { spawn } from 'node:child_process';

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runNode(args: string[], env: Record<string, string> = {}): Promise<Finished> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: process.cwd(), env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * The environment for `src/cli.ts` started by a test: without PORT and HOST (the flags alone decide
 * where it listens), and remembering worlds that pass in `checkedWorldsDir`, not the user's cache.
 */
export function mockCliEnv(checkedWorldsDir: string): NodeJS.ProcessEnv {
  const { PORT: _port, HOST: _host, ...inherited } = process.env;
  return { ...inherited, KINDGI_MOCK_CHECKED_WORLDS: checkedWorldsDir };
}
