// Every response is held to the spec before it leaves: an off-spec answer from a handler becomes
// 500 response-invalid (and is logged), or with onInvalidResponse 'warn' is sent as it is, logged.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreListener, createNodeCore } from '../../src/http/app.ts';
import { createMockServer } from '../../src/http/client-error.ts';
import type { MockContext } from '../../src/http/context.ts';
import { READ_HANDLERS, type OperationHandler } from '../../src/http/routes/read-handlers.ts';
import { createMock } from '../../src/index.ts';
import { silentLogger } from './support.ts';

const A_CORRECTION = 'cor_nor000001';

interface Started { url: string; lines: string[]; ctx: MockContext; close(): Promise<void> }

/** The mock's listener over `handlers` on a free loopback port, its logger writing to `lines`. */
async function startApp(handlers: Record<string, OperationHandler>, onInvalidResponse: 'error' | 'warn' = 'error'): Promise<Started> {
  const { lines, logger } = silentLogger();
  const ctx = createMock({ logger }).context;
  ctx.onInvalidResponse = onInvalidResponse;
  const server: Server = createMockServer(coreListener(createNodeCore(ctx, handlers), ctx, { reuseBodyMemory: true })).listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    lines,
    ctx,
    close: () => new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      server.closeAllConnections();
    }),
  };
}

const offSpecHealth: Record<string, OperationHandler> = {
  ...READ_HANDLERS,
  getHealth: () => ({ status: 200, body: { ok: 'yes' } }),
  getCorrection: () => ({ status: 202, body: { accepted: true } }),
};

const adminToken = (ctx: MockContext) => ctx.base.store.principals().find((p) => p.token.startsWith('kgm_admin_'))!.token;

describe("onInvalidResponse 'error' (the default)", () => {
  let app: Started;
  beforeAll(async () => { app = await startApp(offSpecHealth); });
  afterAll(async () => { await app.close(); });

  it("GET /health answered { ok: 'yes' } by its handler → 500 response-invalid naming /ok", async () => {
    const before = app.lines.length;
    const response = await fetch(`${app.url}/health`);
    expect(response.status).toBe(500);
    const body = await response.json() as { error: { code: string; message: string; requestId: string; details: { violations: Array<{ path: string; message: string }>; status: number } } };
    expect(body.error.code).toBe('response-invalid');
    expect(body.error.requestId).toBe(response.headers.get('x-request-id'));
    expect(body.error.details.status).toBe(200);
    expect(body.error.details.violations.map((v) => v.path)).toContain('/ok');
    expect(app.lines.length).toBeGreaterThan(before);
    const logged = app.lines.slice(before).join('\n');
    expect(logged).toContain('/health');
    expect(logged).toContain(body.error.requestId);
  });

  it(`GET /v1/corrections/${A_CORRECTION} answered 202 by its handler (undocumented) → 500 response-invalid`, async () => {
    const before = app.lines.length;
    const response = await fetch(`${app.url}/v1/corrections/${A_CORRECTION}`, { headers: { Authorization: `Bearer ${adminToken(app.ctx)}` } });
    expect(response.status).toBe(500);
    const body = await response.json() as { error: { code: string; requestId: string; details: { status: number } } };
    expect(body.error.code).toBe('response-invalid');
    expect(body.error.details.status).toBe(202);
    expect(body.error.requestId).toBe(response.headers.get('x-request-id'));
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(app.lines.length).toBeGreaterThan(before);
    expect(app.lines.slice(before).join('\n')).toContain('202');
  });

  it('GET /v1/corrections (a handler that keeps to the spec) → 200, nothing logged', async () => {
    const before = app.lines.length;
    const response = await fetch(`${app.url}/v1/corrections?limit=1`, { headers: { Authorization: `Bearer ${adminToken(app.ctx)}` } });
    expect(response.status).toBe(200);
    expect(app.lines.length).toBe(before);
  });
});

describe('a handler answering a correction without its run', () => {
  let app: Started;
  beforeAll(async () => {
    app = await startApp({
      ...READ_HANDLERS,
      getCorrection(exchange, ctx) {
        const reply = READ_HANDLERS.getCorrection!(exchange, ctx) as { status: number; body: Record<string, unknown> };
        const { run: _run, ...rest } = reply.body;
        return { status: 200, body: { ...rest, status: 'lost' } };
      },
    });
  });
  afterAll(async () => { await app.close(); });

  it(`GET /v1/corrections/${A_CORRECTION} → 500 response-invalid naming the missing run and the bad /status`, async () => {
    const response = await fetch(`${app.url}/v1/corrections/${A_CORRECTION}`, { headers: { Authorization: `Bearer ${adminToken(app.ctx)}` } });
    expect(response.status).toBe(500);
    const body = await response.json() as { error: { code: string; details: { violations: Array<{ path: string; message: string }> } } };
    expect(body.error.code).toBe('response-invalid');
    const described = JSON.stringify(body.error.details.violations);
    expect(described).toContain('run');
    expect(body.error.details.violations.map((v) => v.path)).toContain('/status');
  });
});

describe("onInvalidResponse 'warn'", () => {
  let app: Started;
  beforeAll(async () => { app = await startApp(offSpecHealth, 'warn'); });
  afterAll(async () => { await app.close(); });

  it("GET /health answered { ok: 'yes' } by its handler → the 200 { ok: 'yes' } is sent, and logged", async () => {
    const before = app.lines.length;
    const response = await fetch(`${app.url}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: 'yes' });
    expect(app.lines.length).toBeGreaterThan(before);
    expect(app.lines.slice(before).join('\n')).toContain('/ok');
  });

  it(`GET /v1/corrections/${A_CORRECTION} answered 202 → the 202 is sent, and logged`, async () => {
    const before = app.lines.length;
    const response = await fetch(`${app.url}/v1/corrections/${A_CORRECTION}`, { headers: { Authorization: `Bearer ${adminToken(app.ctx)}` } });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ accepted: true });
    expect(app.lines.length).toBeGreaterThan(before);
  });
});
