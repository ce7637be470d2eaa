// Every exchange check, in the order they are reported.
import { contentTypeConformance } from './content-type.ts';
import { correctionRules, suggestedChangeRules } from './domain-rules.ts';
import { errorEnvelope } from './error-envelope.ts';
import { noStore } from './no-store.ts';
import { notAServerError } from './not-a-server-error.ts';
import { requestIdHeader } from './request-id-header.ts';
import { responseSchemaConformance } from './response-schema-conformance.ts';
import { retryAfterOn503 } from './retry-after.ts';
import { statusCodeConformance } from './status-code-conformance.ts';
import type { ExchangeCheck } from '../types.ts';

export const EXCHANGE_CHECKS: readonly ExchangeCheck[] = [
  notAServerError,
  statusCodeConformance,
  contentTypeConformance,
  responseSchemaConformance,
  requestIdHeader,
  retryAfterOn503,
  errorEnvelope,
  noStore,
  correctionRules,
  suggestedChangeRules,
];
