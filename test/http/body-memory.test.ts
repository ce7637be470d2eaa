// The memory list pages are assembled in (src/http/body-memory.ts): an array goes back for reuse
// only once its answer has finished, so answers in flight together, or queued on one connection,
// never share bytes.
import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { coreListener, expressAppAround } from '../../src/http/app.ts';
import { createBodyMemory } from '../../src/http/body-memory.ts';
import { createMockServer } from '../../src/http/client-error.ts';
import type { MockCore } from '../../src/http/core.ts';
import type { CoreRequest } from '../../src/http/exchange.ts';
import { mocksClosedAfterEach } from './support.ts';

const mocks = mocksClosedAfterEach();
const fakeResponse = () => new EventEmitter() as unknown as ServerResponse;

describe('createBodyMemory', () => {
  it("hands an array out again only after its answer's finish; exactly the length asked for", () => {
    const memory = createBodyMemory();
    const [first, second, third] = [fakeResponse(), fakeResponse(), fakeResponse()];
    const a = memory.forResponse(first)(1000);
    const b = memory.forResponse(second)(70_000);
    expect([a.length, b.length]).toEqual([1000, 70_000]);
    expect(b.buffer).not.toBe(a.buffer);
    first.emit('finish');
    const c = memory.forResponse(third)(500);
    expect(c.buffer).toBe(a.buffer);
    expect(memory.forResponse(fakeResponse())(500).buffer).not.toBe(c.buffer);
  });

  it('an answer that never finishes keeps its array from reuse; an array too small for the ask is not used', () => {
    const memory = createBodyMemory();
    const gone = fakeResponse();
    const held = memory.forResponse(gone)(10);
    gone.emit('close');
    expect(memory.forResponse(fakeResponse())(10).buffer).not.toBe(held.buffer);
    const small = fakeResponse();
    const smallArray = memory.forResponse(small)(10);
    small.emit('finish');
    expect(memory.forResponse(fakeResponse())(200_000).buffer).not.toBe(smallArray.buffer);
  });

  it('an outsized array is not kept', () => {
    const memory = createBodyMemory();
    const large = fakeResponse();
    const array = memory.forResponse(large)(2 * 1024 * 1024);
    large.emit('finish');
    expect(memory.forResponse(fakeResponse())(100).buffer).not.toBe(array.buffer);
  });
});

/**
 * Sends every request on one connection before reading any answer (HTTP/1.1 pipelining), and
 * reads nothing until `readAfter` settles; the bodies in order.
 */
function pipelined(url: string, requests: readonly string[], readAfter: Promise<unknown> = Promise.resolve()): Promise<Buffer[]> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    socket.pause();
    void readAfter.then(() => socket.resume());
    let received = Buffer.alloc(0);
    const bodies: Buffer[] = [];
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      for (;;) {
        const headEnd = received.indexOf('\r\n\r\n');
        if (headEnd < 0) return;
        const length = Number(/content-length: (\d+)/i.exec(received.subarray(0, headEnd).toString())?.[1]);
        if (received.length < headEnd + 4 + length) return;
        bodies.push(received.subarray(headEnd + 4, headEnd + 4 + length));
        received = received.subarray(headEnd + 4 + length);
        if (bodies.length === requests.length) {
          socket.end();
          resolve(bodies);
        }
      }
    });
    socket.on('error', reject);
    socket.write(requests.join(''));
  });
}

describe('list pages in reused memory, over HTTP', () => {
  const LISTS = ['/v1/corrections?limit=100', '/v1/corrections?limit=100&status=fixed', '/v1/corrections?limit=7', '/v1/corrections?limit=100&status=not-fixed', '/v1/corrections?limit=40'];

  it('pipelined on one connection, and in flight together on many, each list answers its own bytes', async () => {
    const server = await mocks.start({ clock: { now: '2026-12-01T00:00:00Z', frozen: true } });
    const token = server.token('admin');
    const alone = async (path: string) => Buffer.from(await (await fetch(`${server.url}${path}`, { headers: { Authorization: `Bearer ${token}` } })).arrayBuffer());
    const expected: Buffer[] = [];
    for (const path of LISTS) expected.push(await alone(path));
    // Every page differs, so bytes of one answer in another's place would show.
    expect(new Set(expected.map((body) => body.toString())).size).toBe(LISTS.length);
    const { host } = new URL(server.url);
    const requests = [...LISTS, ...LISTS].map((path) => `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${token}\r\n\r\n`);
    const bodies = await pipelined(server.url, requests);
    bodies.forEach((body, i) => expect(body.equals(expected[i % LISTS.length]!), requests[i]).toBe(true));
    const together = await Promise.all(Array.from({ length: 40 }, (_, i) => alone(LISTS[i % LISTS.length]!)));
    together.forEach((body, i) => expect(body.equals(expected[i % LISTS.length]!), LISTS[i % LISTS.length]).toBe(true));
  });

  it('a caller that does not read holds its pages while other callers are answered; its bytes stay its own', async () => {
    const server = await mocks.start({ clock: { now: '2026-12-01T00:00:00Z', frozen: true } });
    const token = server.token('admin');
    const alone = async (path: string) => Buffer.from(await (await fetch(`${server.url}${path}`, { headers: { Authorization: `Bearer ${token}` } })).arrayBuffer());
    const expected = await alone(LISTS[0]!);
    const { host } = new URL(server.url);
    // Far more than the socket buffers take (about 70 MB; a loopback socket takes up to 36): most of it waits in the server, in the arrays it was assembled in.
    const requests = Array.from({ length: 1000 }, () => `GET ${LISTS[0]} HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${token}\r\n\r\n`);
    let othersDone!: () => void;
    const waiting = pipelined(server.url, requests, new Promise<void>((resolve) => { othersDone = resolve; }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const others = await Promise.all(Array.from({ length: 60 }, (_, i) => alone(LISTS[1 + (i % (LISTS.length - 1))]!)));
    othersDone();
    expect(others.every((body) => !body.equals(expected))).toBe(true);
    const bodies = await waiting;
    expect(bodies).toHaveLength(1000);
    bodies.forEach((body, i) => expect(body.equals(expected), `answer ${i}`).toBe(true));
  });
});

describe('which servers reuse it', () => {
  it("listen's listener hands the core memory to reuse; the Express app (mock.app), mounted among a user's middleware, does not", async () => {
    const server = await mocks.start({});
    const seen: CoreRequest[] = [];
    const core = { respond: (request: CoreRequest) => (seen.push(request), { status: 204, headers: {} }) } as unknown as MockCore;
    for (const listener of [coreListener(core, server.mock.context, { reuseBodyMemory: true }), expressAppAround(coreListener(core, server.mock.context))]) {
      const http = createMockServer(listener).listen(0, '127.0.0.1');
      await new Promise((resolve) => http.once('listening', resolve));
      try {
        expect((await fetch(`http://127.0.0.1:${(http.address() as AddressInfo).port}/v1/corrections`)).status).toBe(204);
      } finally {
        await new Promise((resolve) => http.close(resolve));
      }
    }
    expect(seen.map((request) => typeof request.bodyMemory)).toEqual(['function', 'undefined']);
  });
});
