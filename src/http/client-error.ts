// The HTTP server around the app: a request too broken to reach Express (malformed HTTP, oversized
// headers, a request that timed out, an `Expect` it cannot meet) is answered in the error envelope,
// not with Node's empty body.
import { randomUUID } from 'node:crypto';
import { createServer, STATUS_CODES, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorCode } from '../domain/error-codes.ts';
import { ERROR_STATUS } from '../domain/error-codes.ts';
import { envelope } from './api-error.ts';

interface ClientError extends Error {
  code?: string;
  reason?: string;
}

function describe(error: ClientError): { code: ErrorCode; message: string } {
  if (error.code === 'HPE_HEADER_OVERFLOW') return { code: 'headers-too-large', message: 'the request\'s headers are larger than the server reads (16 KB in all); send fewer or shorter headers' };
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return { code: 'request-timeout', message: 'the request was not received in time' };
  return { code: 'bad-input', message: `the request is not valid HTTP/1.1 (${error.code ?? 'parse error'}: ${error.reason ?? error.message})` };
}

/** Writes the envelope straight to the socket (there is no response object here) and closes it. */
export function answerClientError(error: ClientError, socket: Duplex): void {
  // A reset connection, or one whose response has begun, cannot take an answer.
  const started = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;
  if (error.code === 'ECONNRESET' || !socket.writable || started) {
    socket.destroy();
    return;
  }
  const { code, message } = describe(error);
  const status = ERROR_STATUS[code];
  const requestId = `req-${randomUUID()}`;
  const body = JSON.stringify(envelope(code, message, requestId));
  socket.end([
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `X-Request-Id: ${requestId}`,
    'Cache-Control: no-store',
    'Connection: close',
    '',
    body,
  ].join('\r\n'));
}

/** An `Expect` other than `100-continue`: 417 in the envelope (Node's own has no body). */
function answerExpectation(req: IncomingMessage, res: ServerResponse): void {
  const requestId = `req-${randomUUID()}`;
  const body = JSON.stringify(envelope('expectation-failed', `the mock meets no "Expect: ${req.headers.expect ?? ''}"; send the request without it`, requestId, { header: 'Expect' }));
  res.writeHead(ERROR_STATUS['expectation-failed'], { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body), 'X-Request-Id': requestId, 'Cache-Control': 'no-store', Connection: 'close' });
  res.end(body);
}

/**
 * An HTTP server for `app` whose every refusal is in the envelope.
 * - A request with no `Host` reaches the app, which refuses it itself (Node's would be bare).
 */
export function createMockServer(app: RequestListener): Server {
  const server = createServer({ requireHostHeader: false }, app);
  server.on('clientError', answerClientError);
  server.on('checkExpectation', answerExpectation);
  return server;
}
