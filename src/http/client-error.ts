// Node's `clientError`: a request too broken to reach Express (malformed HTTP, oversized headers,
// a request that timed out) is answered in the error envelope, not with Node's empty body.
import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type Server } from 'node:http';
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

/** Answers every client error of `server` in the envelope. */
export function answerClientErrorsOf(server: Server): void {
  server.on('clientError', answerClientError);
}
