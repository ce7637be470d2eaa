// The package as `npm pack` makes it, packed once per Vitest run and shared by the test files that install it
// (test/package/consumer.test.ts, test/docs/examples.test.ts): packing runs `prepare`, which deletes and rebuilds
// dist/, so two files packing at once would each ship the other's half-built dist/.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PREFIX = 'kindgi-mock-packed-';

export interface PackedPackage {
  /** The tarball's absolute path; it stays until a later run finds its Vitest gone. */
  readonly tarball: string;
  /** Every path the tarball holds, as `npm pack --json` lists them. */
  readonly files: readonly string[];
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The Vitest process this worker belongs to (its parent, in the forks pool), or undefined outside one. */
function vitestPid(): number | undefined {
  try {
    const command = readFileSync(`/proc/${process.ppid}/cmdline`, 'utf8');
    return command.includes('vitest') ? process.ppid : undefined;
  } catch {
    return undefined;
  }
}

async function pack(into: string): Promise<PackedPackage> {
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', into], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });
  const [info] = JSON.parse(stdout.slice(stdout.indexOf('['))) as Array<{ filename: string; files: Array<{ path: string }> }>;
  return { tarball: join(into, info!.filename), files: info!.files.map((file) => file.path) };
}

let mine: Promise<PackedPackage> | undefined;

/**
 * The packed package of this Vitest run: the first file to ask packs it (an atomic mkdir decides which),
 * the others wait for it. Outside a Vitest worker, each process packs its own.
 */
export function packedPackage(): Promise<PackedPackage> {
  mine ??= (async () => {
    const owner = vitestPid();
    // Tarballs of runs whose process is gone (a Vitest, or a process outside one: `solo-PID`).
    for (const entry of readdirSync(tmpdir())) {
      const pid = /^kindgi-mock-packed-(?:solo-)?(\d+)$/.exec(entry)?.[1];
      if (pid !== undefined && Number(pid) !== owner && Number(pid) !== process.pid && !alive(Number(pid))) rmSync(join(tmpdir(), entry), { recursive: true, force: true });
    }
    const dir = join(tmpdir(), `${PREFIX}${owner ?? `solo-${process.pid}`}`);
    mkdirSync(dir, { recursive: true });
    const done = join(dir, 'packed.json');
    const failed = join(dir, 'failed.txt');
    try {
      mkdirSync(join(dir, 'lock'));
    } catch {
      // Another file of this run packs: wait for it (a build takes well under the 5 minutes).
      for (let waited = 0; waited < 300_000; waited += 250) {
        if (existsSync(done)) return JSON.parse(readFileSync(done, 'utf8')) as PackedPackage;
        if (existsSync(failed)) throw new Error(`npm pack failed in another test file:\n${readFileSync(failed, 'utf8')}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error(`npm pack by another test file did not finish in 5 minutes (${dir})`);
    }
    try {
      const packed = await pack(dir);
      writeFileSync(done, JSON.stringify(packed));
      return packed;
    } catch (error) {
      const failure = error as { stderr?: string; message: string };
      writeFileSync(failed, failure.stderr ?? failure.message);
      throw error;
    }
  })();
  return mine;
}
