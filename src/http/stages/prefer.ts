// Prism-compatible `Prefer: code=N`: answer N for this one request, as long as the operation
// documents it, with a valid example body.
import type { ErrorCode } from '../../domain/error-codes.ts';
import type { SpecOperation } from '../../spec/operations.ts';
import { ApiError } from '../api-error.ts';
import type { Exchange } from '../exchange.ts';

const EXAMPLE_CODES: Record<number, ErrorCode> = {
  400: 'bad-input',
  401: 'auth-missing',
  403: 'permission-denied',
  404: 'not-found',
  409: 'already-terminal',
  503: 'database-busy',
};

const RETRY_AFTER_SECONDS = '1';

/** Throws the asked-for error; returns for no `Prefer: code`, or a documented success code (answered as usual). */
export function preferCode(exchange: Exchange, operation: SpecOperation): void {
  const match = /(?:^|[,;\s])code=(\d{3})\b/.exec(exchange.header('Prefer') ?? '');
  if (!match) return;
  const code = Number(match[1]);
  const documented = [...operation.responses.keys()];
  if (!documented.includes(String(code))) {
    throw new ApiError('bad-input', `Prefer: code=${code} is not documented for ${operation.operationId}; it documents ${documented.join(', ')}`, { prefer: `code=${code}`, documented });
  }
  const errorCode = EXAMPLE_CODES[code];
  if (code < 400 || errorCode === undefined) return;
  throw new ApiError(errorCode, `answered ${code} because the request asked for it with Prefer: code=${code}`, { prefer: `code=${code}` },
    code === 503 ? { 'Retry-After': RETRY_AFTER_SECONDS } : undefined);
}
