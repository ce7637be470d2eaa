// The mock's own routes answer callers on this machine only; to others they do not exist.
import type { RequestHandler } from 'express';
import { ApiError } from '../api-error.ts';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

export function loopbackOnly(): RequestHandler {
  return (req, _res, next) => {
    if (LOOPBACK.test(req.socket.remoteAddress ?? '')) return next();
    next(new ApiError('route-not-found', `no route ${req.method} ${req.path}`));
  };
}
