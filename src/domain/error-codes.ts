// Every error code the API answers with, and its HTTP status: one catalogue for server, store and contract suite.

export const ERROR_STATUS = {
  'bad-input': 400,
  'scope-invalid': 400,
  'unknown-field': 400,
  'validation-failed': 400,
  'item-not-found': 400,
  'auth-missing': 401,
  'auth-invalid': 401,
  'auth-expired': 401,
  'auth-revoked': 401,
  'permission-denied': 403,
  'corrector-group-not-allowed': 403,
  'separate-approver-required': 403,
  'not-found': 404,
  'route-not-found': 404,
  'run-not-found': 404,
  'method-not-allowed': 405,
  'already-terminal': 409,
  'run-not-finished': 409,
  'correction-not-live': 409,
  'suggested-change-invalid-state-transition': 409,
  'suggested-change-not-for-a-project': 409,
  'idempotency-key-body-mismatch': 409,
  'idempotency-key-in-flight': 409,
  'payload-too-large': 413,
  'unsupported-media-type': 415,
  'internal-server-error': 500,
  'response-invalid': 500,
  'database-busy': 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
