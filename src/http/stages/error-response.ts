// Renders every error in the envelope `{ error: { code, message, details?, requestId } }`, in
// this one place. Expected failures arrive as ApiError (or a StateWriteError: the disk did not
// take a write, a 503); anything else is a 500 and is logged.
import { StateWriteError } from '../../store/state-errors.ts';
import { ApiError, envelope } from '../api-error.ts';
import type { MockContext } from '../context.ts';
import type { CoreResponse, Exchange } from '../exchange.ts';
import { send } from '../send.ts';

export function errorResponse(ctx: MockContext, exchange: Exchange, error: unknown): CoreResponse {
  if (error instanceof StateWriteError) ctx.logger.error(`kindgi-mock: [${exchange.requestId}] refused a write: ${error.message}`);
  const apiError = toApiError(error);
  if (apiError.status >= 500 && apiError.code === 'internal-server-error') {
    ctx.logger.error(`kindgi-mock: unexpected error [${exchange.requestId}]: ${(error as Error)?.stack ?? String(error)}`);
  }
  const { operation } = exchange;
  const body = envelope(apiError.code, apiError.message, exchange.requestId, apiError.details);
  // Errors the operation documents are held to it; others (405, 500) to the envelope alone.
  const documented = operation?.responses.has(String(apiError.status)) ? operation : undefined;
  return send(exchange, ctx, documented, { status: apiError.status, body, ...(apiError.headers ? { headers: apiError.headers } : {}) });
}

/** A transport's own errors (a body parser's) carry a status; those below 500 are the caller's. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof StateWriteError) {
    return new ApiError('state-write-failed', `the state file could not keep this write (${error.reason}); nothing was changed, try again later`, undefined, { 'Retry-After': String(error.retryAfterSeconds) });
  }
  const status = (error as { status?: number; statusCode?: number })?.status ?? (error as { statusCode?: number })?.statusCode;
  if (status === 413) return new ApiError('payload-too-large', 'the request body is too large');
  if (status === 415) return new ApiError('unsupported-media-type', `send the body as application/json${(error as Error).message ? ` (${(error as Error).message})` : ''}`);
  if (typeof status === 'number' && status >= 400 && status < 500) return new ApiError('bad-input', (error as Error).message || 'the request is malformed');
  return new ApiError('internal-server-error', 'the mock failed to answer; the error is in its log');
}
