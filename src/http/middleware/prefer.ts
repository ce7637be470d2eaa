// Prism-compatible `Prefer: code=N`: answer N for this one request, as long as the operation
// documents it, with a valid example body.
import type { RequestHandler } from 'express';
import type { SpecOperation } from '../../spec/operations.ts';
import { ApiError } from '../api-error.ts';
import type { ErrorCode } from '../../domain/error-codes.ts';

const EXAMPLE_CODES: Record<number, ErrorCode> = {
  400: 'bad-input',
  401: 'auth-missing',
  403: 'permission-denied',
  404: 'not-found',
  409: 'already-terminal',
  503: 'database-busy',
};

const RETRY_AFTER_SECONDS = '1';

export function preferCode(operation: SpecOperation): RequestHandler {
  const documented = [...operation.responses.keys()];
  return (req, _res, next) => {
    const match = /(?:^|[,;\s])code=(\d{3})\b/.exec(req.get('Prefer') ?? '');
    if (!match) return next();
    const code = Number(match[1]);
    if (!documented.includes(String(code))) {
      throw new ApiError('bad-input', `Prefer: code=${code} is not documented for ${operation.operationId}; it documents ${documented.join(', ')}`, { prefer: `code=${code}`, documented });
    }
    const errorCode = EXAMPLE_CODES[code];
    if (code < 400 || errorCode === undefined) return next();
    throw new ApiError(errorCode, `answered ${code} because the request asked for it with Prefer: code=${code}`, { prefer: `code=${code}` },
      code === 503 ? { 'Retry-After': RETRY_AFTER_SECONDS } : undefined);
  };
}
