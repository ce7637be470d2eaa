// The sessions case's requests over HTTP, from the benchmark's process to the mock's child:
// opening and ending sessions, and the writes a session takes.
import { performance } from 'node:perf_hooks';

/** The admin of the main tenant: its base token starts so. */
export const ADMIN_PREFIX = 'kgm_admin_';
/** The same admin's id, by which a session lists its own (random) token for it. */
const ADMIN_ID = 'usr_ada_admin';

/** What opening a session answers, as far as the benchmark reads it. */
export interface OpenedSession {
  id: string;
  principals: Array<{ token: string; id: string }>;
}

export function sessionAdminToken(session: OpenedSession): string {
  const token = session.principals.find((p) => p.id === ADMIN_ID)?.token;
  if (token === undefined) throw new Error(`session ${session.id} lists no admin token`);
  return token;
}

/** POST /__mock/sessions, timed from the request to the last byte of the answer. */
export async function openSessionOverHttp(url: string, name: string): Promise<{ session: OpenedSession; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${url}/__mock/sessions`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name }) });
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 201) throw new Error(`POST /__mock/sessions answered ${response.status}: ${text.slice(0, 500)}`);
  return { session: JSON.parse(text) as OpenedSession, ms };
}

export async function endSessionOverHttp(url: string, id: string): Promise<void> {
  const response = await fetch(`${url}/__mock/sessions/${id}`, { method: 'DELETE' });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`DELETE /__mock/sessions/${id} answered ${response.status}: ${text.slice(0, 500)}`);
}

/** GET as `token`; anything but 200 stops the run, since figures on errors would mean nothing. */
export async function getOk(url: string, path: string, token: string): Promise<string> {
  const response = await fetch(`${url}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${text.slice(0, 500)}`);
  return text;
}

/** One write: an open correction set to wont-fix, with a note. */
export async function closeAsWontFix(url: string, token: string, correctionId: string, note: string): Promise<void> {
  const response = await fetch(`${url}/v1/corrections/${correctionId}`, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ status: 'wont-fix', note }),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`PATCH /v1/corrections/${correctionId} answered ${response.status}: ${text.slice(0, 500)}`);
}

/**
 * Open corrections the admin may close, none of them on the first page of `?limit=25` (nor its
 * first correction, read by the get case): writes to them leave the pages read unchanged.
 */
export async function writeTargets(url: string, adminToken: string, count: number): Promise<string[]> {
  const firstPage = JSON.parse(await getOk(url, '/v1/corrections?limit=25', adminToken)) as { data: Array<{ id: string }> };
  const shown = new Set(firstPage.data.map((c) => c.id));
  const open = JSON.parse(await getOk(url, '/v1/corrections?status=open&limit=100', adminToken)) as { data: Array<{ id: string }> };
  const targets = open.data.map((c) => c.id).filter((id) => !shown.has(id)).slice(0, count);
  if (targets.length < count) throw new Error(`the embedded world has ${targets.length} open corrections off the first page, ${count} needed`);
  return targets;
}

/** Runs `task(0 … count − 1)` with at most `concurrency` at once. */
export async function inPool(count: number, concurrency: number, task: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}
