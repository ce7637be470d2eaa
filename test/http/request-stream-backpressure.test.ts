// `/__mock/requests/stream` and readers that do not read (issue 36, item 3): before, every event
// was written whatever the reader took, and two readers that never read took a server from 162 MB
// to 914 MB. Now a reader more than STREAM_LAG_LIMIT_BYTES behind is dropped with a last
// `dropped` event, and the server holds no more than that for it, whatever it does.
// Readers here are raw sockets, so that one can stop reading as a stalled client does; the bytes
// the server holds for each stream are read off its own answers, through a spy on Node's write.
import { ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DROPPED_READER_GRACE_MS } from '../../src/http/app.ts';
import { STREAM_LAG_LIMIT_BYTES } from '../../src/http/routes/mock-admin.ts';
import { startMock, type TestMock } from './support.ts';

const STREAM_PATH = '/__mock/requests/stream?path=/v1/corrections';
/** Requests per round, and at most: without the bound, 4 000 events of about 10 KB each (40 MB) pile up for each stalled reader. */
const ROUND = 250;
const MAX_REQUESTS = 4000;

/** What the spy saw of one stream's answer on the server. */
interface StreamSeen {
  res: ServerResponse;
  /** The bytes the server held for it when each event was written, and just after. */
  heldBefore: number[];
  heldAfter: number;
  largestChunk: number;
  /** The last chunk, given to `end`: the `dropped` event. */
  last?: string;
}

const seen: StreamSeen[] = [];
const onDropped: Array<(stream: StreamSeen) => void> = [];
const isStream = (res: ServerResponse) => res.req?.url?.startsWith('/__mock/requests/stream') === true;
const streamOf = (res: ServerResponse) => {
  let stream = seen.find((s) => s.res === res);
  if (!stream) seen.push((stream = { res, heldBefore: [], heldAfter: 0, largestChunk: 0 }));
  return stream;
};

let server: TestMock;
beforeAll(async () => {
  const write = ServerResponse.prototype.write;
  const end = ServerResponse.prototype.end;
  vi.spyOn(ServerResponse.prototype, 'write').mockImplementation(function (this: ServerResponse, ...args: Parameters<ServerResponse['write']>) {
    if (!isStream(this)) return write.apply(this, args);
    const stream = streamOf(this);
    stream.heldBefore.push(this.writableLength);
    stream.largestChunk = Math.max(stream.largestChunk, Buffer.byteLength(String(args[0])));
    const taken = write.apply(this, args);
    stream.heldAfter = Math.max(stream.heldAfter, this.writableLength);
    return taken;
  });
  vi.spyOn(ServerResponse.prototype, 'end').mockImplementation(function (this: ServerResponse, ...args: Parameters<ServerResponse['end']>) {
    const ended = end.apply(this, args);
    if (isStream(this) && typeof args[0] === 'string') {
      const stream = streamOf(this);
      stream.last = args[0];
      stream.heldAfter = Math.max(stream.heldAfter, this.writableLength);
      for (const hook of onDropped) hook(stream);
    }
    return ended;
  });
  server = await startMock();
});
afterAll(async () => {
  vi.restoreAllMocks();
  await server.close();
});

/** A reader over a bare socket: it sends the GET, and reads only while not paused. */
function rawReader(path: string): { socket: Socket; text: () => string; ended: Promise<void> } {
  const { port } = new URL(server.url);
  const socket = connect(Number(port), '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  // A reader the server cuts off, or one still open when the server closes, is reset: expected here.
  socket.on('error', () => {});
  const ended = new Promise<void>((done) => socket.once('close', () => done()));
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
  return { socket, text: () => Buffer.concat(chunks).toString('utf8'), ended };
}

/** `count` list requests through the mock, `parallel` at a time: each is a journal entry of about 10 KB on every stream. */
async function drive(count: number, parallel = 8): Promise<void> {
  let sent = 0;
  const worker = async () => {
    while (sent < count) {
      sent += 1;
      const answer = await fetch(`${server.url}/v1/corrections?limit=100`, { headers: { Authorization: `Bearer ${server.token('admin')}` } });
      await answer.arrayBuffer();
      if (answer.status !== 200) throw new Error(`a list answered ${answer.status}`);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

describe('/__mock/requests/stream with readers that do not read', () => {
  it('a reader that stops reading is dropped past the limit, with a last `dropped` event; one that never reads is cut off; a reader that reads gets every event; the server never holds more than the limit and an event for any of them', async () => {
    const keeping = rawReader(STREAM_PATH);
    const stalled = rawReader(STREAM_PATH);
    const stalledForGood = rawReader(STREAM_PATH);
    stalled.socket.pause();
    stalledForGood.socket.pause();
    // Each has its first chunk: the three are subscribed (the first /__mock request compiles its document).
    await vi.waitFor(() => expect(seen).toHaveLength(3), { timeout: 20_000 });
    const serverSideOf = (reader: { socket: Socket }) => seen.find((s) => s.res.req.socket.remotePort === reader.socket.localPort)!;
    const [stalledSeen, forGoodSeen, keepingSeen] = [serverSideOf(stalled), serverSideOf(stalledForGood), serverSideOf(keeping)];
    expect(new Set([stalledSeen, forGoodSeen, keepingSeen]).size).toBe(3);
    // The first reader dropped reads on at once, to take its last event; the other never does.
    onDropped.push((stream) => {
      if (stream === stalledSeen) stalled.socket.resume();
    });

    // Rounds of requests until both stalled readers are dropped (the network's buffers take a few
    // MB first, more on some machines), then one more: the reader that reads goes on after them.
    let requests = 0;
    const dropsSeen = () => seen.filter((s) => s.last !== undefined).length;
    while (requests < MAX_REQUESTS && dropsSeen() < 2) {
      await drive(ROUND);
      requests += ROUND;
    }
    await drive(ROUND);
    requests += ROUND;

    // Both stalled readers were dropped, each with a `dropped` event as its last.
    const dropped = seen.filter((s) => s.last !== undefined);
    // Compared by identity: an answer is too large an object to diff.
    expect(dropped.length).toBe(2);
    expect(dropped.includes(stalledSeen) && dropped.includes(forGoodSeen)).toBe(true);
    for (const stream of dropped) {
      const data = JSON.parse(/^event: dropped\ndata: (.*)\n\n$/.exec(stream.last!)![1]!) as { unsentBytes: number; limitBytes: number; reason: string };
      expect(data.limitBytes).toBe(STREAM_LAG_LIMIT_BYTES);
      expect(data.unsentBytes).toBeGreaterThan(STREAM_LAG_LIMIT_BYTES);
      expect(data.reason).toMatch(/fell \d+ bytes behind/);
    }
    // No event was written to a stream already past the limit, and none ever held more than the limit and its largest event.
    for (const stream of seen) {
      expect(Math.max(...stream.heldBefore)).toBeLessThanOrEqual(STREAM_LAG_LIMIT_BYTES);
      expect(stream.heldAfter).toBeLessThanOrEqual(STREAM_LAG_LIMIT_BYTES + stream.largestChunk + 1024);
    }

    // The reader that read on took its backlog, then the `dropped` event, and the server closed its connection.
    await stalled.ended;
    const events = [...stalled.text().matchAll(/^event: (\w+)$/gm)].map((m) => m[1]);
    expect(events.at(-1)).toBe('dropped');
    expect(events.filter((e) => e === 'dropped')).toHaveLength(1);
    // The one that never reads is cut off on the server when the grace runs out: what was held for it is freed.
    await vi.waitFor(() => expect(forGoodSeen.res.req.socket.destroyed).toBe(true), { timeout: DROPPED_READER_GRACE_MS * 3 });

    // The reader that kept reading got an event for every request, and is still open.
    await vi.waitFor(() => expect([...keeping.text().matchAll(/^event: request$/gm)]).toHaveLength(requests), { timeout: 5000 });
    expect(keeping.text()).not.toContain('event: dropped');
    expect(keepingSeen.last).toBeUndefined();
    expect(keepingSeen.res.req.socket.destroyed).toBe(false);
    keeping.socket.destroy();
    stalledForGood.socket.destroy();
  }, 120_000);
});
