// Tokens and tenancy: no or bad token → 401; another tenant reads and lists none of this one's
// corrections (404, never 403); a narrow token sees nothing of projects it cannot read.
import type { Correction } from '../../src/domain/types.ts';
import { convention, page } from '../sources.ts';
import type { Exchange, Scenario } from '../types.ts';
import { baseline, walk } from './list-walk.ts';

/**
 * How an answer to a read the caller may not make tells that the record exists: a 403, or a 404
 * whose code is not `not-found` (`permission-denied` says as much as a 403 does). Undefined: it does not.
 */
function existenceLeak(read: Exchange): string | undefined {
  if (read.response.status === 403) return '403';
  const code = (read.response.body as { error?: { code?: unknown } } | undefined)?.error?.code;
  return read.response.status === 404 && code !== 'not-found' ? `404 ${String(code)}` : undefined;
}

export const security: Scenario = {
  name: 'security',
  checks: [
    { name: 'auth-required', source: page(['000', '001', '002'], 'Missing / malformed / expired / revoked bearer token.') },
    // A token nobody holds is no valid bearer token: the page's 401, whatever code it carries.
    { name: 'bad-token-refused', source: page(['000', '001', '002'], 'Missing / malformed / expired / revoked bearer token.') },
    { name: 'tenant-isolation', source: convention('Authentication', 'A valid token asking for something outside its tenant gets **404 not-found, never 403**, so that existence does not leak across tenants.') },
    { name: 'forbidden-is-404', source: convention('Authentication', 'Within a tenant the runtime answers 404 for what the caller cannot read') },
    { name: 'project-permissions', source: page('001', 'Each one comes back only when the caller may read its project.') },
  ],
  async run(session) {
    const { items } = await baseline(session);
    const some = items[0];
    const securedReads = ['/v1/corrections', ...(some ? [`/v1/corrections/${encodeURIComponent(some.id)}`] : [])];
    for (const path of securedReads) {
      const none = await session.send('GET', path, { token: null });
      if (none.response.status !== 401) session.fail('auth-required', none, '401 without Authorization', String(none.response.status));
      const bad = await session.send('GET', path, { token: 'not-a-real-token-0000' });
      if (bad.response.status !== 401) session.fail('bad-token-refused', bad, '401 for an unknown token', String(bad.response.status));
    }

    const other = session.tokens.otherTenant;
    if (other) {
      for (const correction of items.slice(0, 5)) {
        const read = await session.send('GET', `/v1/corrections/${encodeURIComponent(correction.id)}`, { token: other });
        const leak = existenceLeak(read);
        if (leak) session.fail('forbidden-is-404', read, "404 not-found: another tenant's correction does not exist for this caller", leak);
        else if (read.response.status !== 404) session.fail('tenant-isolation', read, "404 for another tenant's correction", String(read.response.status));
      }
      const theirs = await walk(session, '', { token: other, maxPages: 5 });
      const ours = new Set(items.map((c) => c.id));
      const leaked = theirs.items.find((c) => ours.has(c.id) || c.tenantId === items[0]?.tenantId);
      if (leaked) session.fail('tenant-isolation', theirs.pages[0], "another tenant's list holds none of this tenant's corrections", `${leaked.id} is listed`);
    }

    const narrow = session.tokens.narrow;
    if (narrow) {
      const seen = await walk(session, '', { token: narrow, maxPages: 5 });
      const readable = new Set(seen.items.map((c: Correction) => c.projectId));
      const all = new Set(items.map((c) => c.id));
      const unknown = seen.items.find((c) => !all.has(c.id) && (items.length > 0 && Date.parse(c.createdAt) >= Date.parse(items[items.length - 1]!.createdAt)));
      if (unknown) session.fail('project-permissions', seen.pages[0], "a narrow token lists only what the broad token lists", `${unknown.id} is listed only for the narrow token`, { severity: 'warning' });
      const hidden = items.filter((c) => !readable.has(c.projectId)).slice(0, 5);
      for (const correction of hidden) {
        const read = await session.send('GET', `/v1/corrections/${encodeURIComponent(correction.id)}`, { token: narrow });
        const leak = existenceLeak(read);
        if (leak) session.fail('forbidden-is-404', read, '404 not-found: a correction of a project the caller cannot read does not exist for it', leak);
        else if (read.response.status !== 404) session.fail('project-permissions', read, `404 for ${correction.id}: its project is not in the narrow token's list`, String(read.response.status));
      }
    }
  },
};
