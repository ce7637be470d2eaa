// The baselines: a server that answers each path with precomputed bytes and does nothing else,
// either on bare node:http or through Express 5 (set up as the mock sets it up). Run as a child
// of the benchmark (`baseline-server.ts node-http|express`); it gets its bodies and reports its
// port over IPC.
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';

export type BaselineKind = 'node-http' | 'express';

export interface BaselineBodies {
  /** Request path with query → the exact bytes to answer. */
  bodies: Record<string, string>;
}

const kind = process.argv[2] as BaselineKind;

process.once('message', (message: BaselineBodies) => {
  const bodies = new Map(Object.entries(message.bodies).map(([path, text]) => [path, Buffer.from(text)]));
  const server = createServer(kind === 'express' ? expressListener(bodies) : bareListener(bodies));
  server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as AddressInfo).port }));
});

function bareListener(bodies: Map<string, Buffer>): RequestListener {
  return (req, res) => {
    const body = bodies.get(req.url ?? '');
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length });
    res.end(body);
  };
}

function expressListener(bodies: Map<string, Buffer>): RequestListener {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  app.set('etag', false);
  app.use((req, res) => {
    const body = bodies.get(req.originalUrl);
    if (!body) {
      res.status(404).end();
      return;
    }
    res.type('application/json; charset=utf-8').send(body);
  });
  return app as unknown as RequestListener;
}
