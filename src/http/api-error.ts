// The one error type routes and stages throw; errorResponse (stages/error-response.ts) renders it in the envelope.
import { ERROR_STATUS, type ErrorCode } from '../domain/error-codes.ts';

export class ApiError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    /** Extra response headers, such as `Retry-After` or `Allow`. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = ERROR_STATUS[code];
  }
}

export interface ErrorEnvelope {
  error: { code: string; message: string; details?: Record<string, unknown>; requestId: string };
}

export function envelope(code: string, message: string, requestId: string, details?: Record<string, unknown>): ErrorEnvelope {
  return { error: { code, message, ...(details ? { details } : {}), requestId } };
}
