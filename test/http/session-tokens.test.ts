// A session's tokens are its own random strings (issue 36, item 5): no string made from one
// world's token reaches another world. Before, a session's token was `<session id>.<base token>`,
// so cutting the prefix off reached the base world, and another session's id in front reached
// that session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type TestMock } from './support.ts';

interface OpenedSession { id: string; principals: Array<{ token: string; id: string }> }

let server: TestMock;
let worlds: Array<{ name: string; id?: string; tokens: string[] }>;
beforeAll(async () => {
  server = await startMock();
  const open = async (body: object) => (await server.request('POST', '/__mock/sessions', { body })).body as OpenedSession;
  const [a, b, seven] = [await open({ name: 'A' }), await open({ name: 'B' }), await open({ name: 'seed 7', seed: 7 })];
  worlds = [
    { name: 'base', tokens: server.mock.store.principals().map((p) => p.token) },
    ...[a, b, seven].map((s, i) => ({ name: ['A', 'B', 'seed 7'][i]!, id: s.id, tokens: s.principals.map((p) => p.token) })),
  ];
});
afterAll(async () => { await server.close(); });

const status = async (token: string) => (await server.get('/v1/corrections?limit=1', token)).status;
/** What follows the last `_` or `.`: the random part of a token. */
const randomPart = (token: string) => token.slice(Math.max(token.lastIndexOf('_'), token.lastIndexOf('.')) + 1);

/** Every string a caller could make from `token` with the session ids it knows, but `token` itself. */
function derivedFrom(token: string, sessionIds: string[]): string[] {
  // Its session's id cut off, whichever mark follows it (`.` was the old form's).
  const own = /^(ses_[0-9a-f]{16})[._](.+)$/.exec(token);
  const bare = own ? own[2]! : token;
  const made = [bare, randomPart(token), `kgm_admin_${randomPart(token)}`, token.toUpperCase(), `${token}0`, token.slice(0, -1)];
  for (const id of sessionIds) made.push(`${id}.${token}`, `${id}_${token}`, `${id}.${bare}`, `${id}_${bare}`, `${id}_${randomPart(token)}`);
  return [...new Set(made)].filter((t) => t !== token && /^\S+$/.test(t));
}

describe("a session's tokens", () => {
  it('each world reaches its own admin by its own token (200), and the session tokens are none of the base tokens, nor contain them', async () => {
    const baseTokens = worlds[0]!.tokens;
    expect(baseTokens.length).toBeGreaterThan(0);
    for (const world of worlds) {
      const admin = world.id === undefined ? server.token('admin') : world.tokens.find((t) => t.startsWith(`${world.id}_`))!;
      expect(await status(admin), world.name).toBe(200);
      if (world.id === undefined) continue;
      for (const token of world.tokens) expect(baseTokens.some((b) => token.includes(b) || token.includes(randomPart(b)))).toBe(false);
    }
  });

  it('no string made from one world\'s token (its prefix cut off, another session\'s id in front, a base token behind a session\'s id, …) is let in anywhere: 401 auth-invalid', async () => {
    const sessionIds = worlds.flatMap((w) => (w.id === undefined ? [] : [w.id]));
    const every = new Set(worlds.flatMap((w) => w.tokens));
    const tried: string[] = [];
    const letIn: string[] = [];
    for (const world of worlds) {
      for (const token of world.tokens) {
        for (const derived of derivedFrom(token, sessionIds)) {
          // Another world's own token, made from this one's, is a reach whatever it answers.
          if (every.has(derived)) letIn.push(`${derived} (from ${world.name}) is a token of another world`);
          tried.push(derived);
          const answer = await server.get('/v1/corrections?limit=1', derived);
          if (answer.status !== 401 || answer.body.error.code !== 'auth-invalid') letIn.push(`${derived} (from ${world.name}) → ${answer.status} ${answer.body.error?.code ?? ''}`);
        }
      }
    }
    expect(tried.length).toBeGreaterThan(300);
    expect(letIn).toEqual([]);
  });

  it("a session's tokens end with it: after DELETE they answer 401 naming the session, and reach neither the base world nor another session", async () => {
    const opened = (await server.request('POST', '/__mock/sessions', { body: { name: 'ended' } })).body as OpenedSession;
    const token = opened.principals[0]!.token;
    expect(await status(token)).toBe(200);
    await server.request('DELETE', `/__mock/sessions/${opened.id}`);
    const refused = await server.get('/v1/corrections?limit=1', token);
    expect(refused.status).toBe(401);
    expect(refused.body.error.message).toContain(opened.id);
    for (const other of worlds.slice(1)) expect(await status(`${other.id}_${randomPart(token)}`)).toBe(401);
  });
});
