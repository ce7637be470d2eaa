// The requests the benchmark times, by name: the read operations of pages 000, 001 and 002.

/** Ids and a cursor taken from the running mock, so each case asks for something that exists. */
export interface Probe {
  correctionId: string;
  suggestedChangeId: string;
  /** `nextCursor` of the first page of `?limit=25`. */
  cursor: string;
}

export interface BenchCase {
  name: string;
  operationId: 'listCorrections' | 'getCorrection' | 'getSuggestedChange';
  /** The list targets (5× Prism, 35 % of bare) apply to list cases. */
  list: boolean;
  path(probe: Probe): string;
}

export const CASES: readonly BenchCase[] = [
  { name: 'list-25', operationId: 'listCorrections', list: true, path: () => '/v1/corrections?limit=25' },
  { name: 'list-100', operationId: 'listCorrections', list: true, path: () => '/v1/corrections?limit=100' },
  { name: 'list-2-filters', operationId: 'listCorrections', list: true, path: () => '/v1/corrections?status=not-fixed&agentId=agt_refunds' },
  { name: 'list-page-2', operationId: 'listCorrections', list: true, path: (p) => `/v1/corrections?limit=25&cursor=${encodeURIComponent(p.cursor)}` },
  { name: 'get-correction', operationId: 'getCorrection', list: false, path: (p) => `/v1/corrections/${p.correctionId}` },
  { name: 'get-suggested-change', operationId: 'getSuggestedChange', list: false, path: (p) => `/v1/suggested-changes/${p.suggestedChangeId}` },
];

export function casesNamed(names: readonly string[] | undefined): BenchCase[] {
  if (names === undefined) return [...CASES];
  return names.map((name) => {
    const found = CASES.find((c) => c.name === name);
    if (!found) throw new Error(`no case "${name}"; the cases are ${CASES.map((c) => c.name).join(', ')}`);
    return found;
  });
}

interface Page {
  data: Array<{ id: string; link?: { kind: string; id?: string } }>;
  nextCursor?: string;
}

/** Finds a correction, a suggested change and a second-page cursor that `token` may read. */
export async function probe(baseUrl: string, token: string): Promise<Probe> {
  const get = async (path: string) => {
    const response = await fetch(`${baseUrl}${path}`, { headers: { Authorization: `Bearer ${token}` } });
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as Page;
  };
  const first = await get('/v1/corrections?limit=25');
  const correction = first.data[0];
  if (!correction || first.nextCursor === undefined) throw new Error('the world has fewer than 26 corrections this caller may read');
  // A correction being fixed by a suggested change names it in its link.
  const linked = await get('/v1/corrections?status=being-fixed&limit=100');
  const suggestedChangeId = linked.data.find((c) => c.link?.kind === 'suggested-change')?.link?.id;
  if (suggestedChangeId === undefined) throw new Error('no correction of the first 100 being fixed links a suggested change');
  return { correctionId: correction.id, suggestedChangeId, cursor: first.nextCursor };
}

/** The admin token of the main tenant, from the mock's own route (loopback only). */
export async function adminToken(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/__mock/principals`);
  const { data } = (await response.json()) as { data: Array<{ token: string; role: string; kind: string }> };
  const admin = data.find((p) => p.token.startsWith('kgm_admin_')) ?? data.find((p) => p.role === 'admin' && p.kind === 'user');
  if (!admin) throw new Error('no admin principal in the world');
  return admin.token;
}
