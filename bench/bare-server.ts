// The bare machine: a node:http server that answers each path with a precomputed body and does
// nothing else. Run as a child of the benchmark; it gets its bodies and reports its port over IPC.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BareBodies {
  /** Request path with query → the exact bytes to answer. */
  bodies: Record<string, string>;
}

process.once('message', (message: BareBodies) => {
  const bodies = new Map(Object.entries(message.bodies).map(([path, text]) => [path, Buffer.from(text)]));
  const server = createServer((req, res) => {
    const body = bodies.get(req.url ?? '');
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length });
    res.end(body);
  });
  server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as AddressInfo).port }));
});
