// Every correction and suggested change in an answer keeps the pages' rules: the very functions
// the mock enforces, from src/domain.
import { checkCorrection } from '../../src/domain/correction-rules.ts';
import { checkRunCopy } from '../../src/domain/run-copy-rules.ts';
import { checkSuggestedChange } from '../../src/domain/suggested-change-rules.ts';
import type { Correction, CorrectionWithCopies, SuggestedChange } from '../../src/domain/types.ts';
import { page } from '../sources.ts';
import type { Exchange, ExchangeCheck } from '../types.ts';

const CORRECTION_BODIES = new Set(['getCorrection', 'createCorrection', 'changeCorrection', 'removeCorrection']);
const SUGGESTED_CHANGE_BODIES = new Set(['getSuggestedChange', 'checkSuggestedChange', 'pinSuggestedChange', 'addSuggestedChangeAsLatest', 'withdrawSuggestedChange']);

const ok = (exchange: Exchange) => exchange.response.status >= 200 && exchange.response.status < 300 && typeof exchange.response.body === 'object' && exchange.response.body !== null;

export function correctionsIn(exchange: Exchange): Correction[] {
  if (!ok(exchange) || !exchange.operation) return [];
  if (exchange.operation.operationId === 'listCorrections') return ((exchange.response.body as { data?: unknown }).data as Correction[] | undefined) ?? [];
  return CORRECTION_BODIES.has(exchange.operation.operationId) ? [exchange.response.body as Correction] : [];
}

export const correctionRules: ExchangeCheck = {
  name: 'correction-rules',
  description: "Every correction keeps pages 000/001's rules (src/domain/correction-rules.ts, run-copy-rules.ts).",
  // Each rule cites its own sentence (src/domain); this is the one they all hang from.
  source: page(['000', '001'], 'It says at least one of `decisions`, `answer` and `items`.'),
  appliesTo: (exchange) => correctionsIn(exchange).length > 0,
  run: (exchange) => {
    const broken = correctionsIn(exchange).flatMap((c) => {
      if (typeof c !== 'object' || c === null || !c.madeBy || !c.subject) return [];
      const runCopy = (c as CorrectionWithCopies).run ? checkRunCopy(c as CorrectionWithCopies) : [];
      return [...checkCorrection(c), ...runCopy].map((v) => `${c.id}: ${v.rule} (${v.field}: ${v.message})`);
    });
    return broken.length === 0 ? undefined : { expected: 'every correction keeps the domain rules', actual: broken.slice(0, 5).join('; ') };
  },
};

export const suggestedChangeRules: ExchangeCheck = {
  name: 'suggested-change-rules',
  description: "Every suggested change keeps page 002's rules, its status derived from its state (src/domain/suggested-change-rules.ts).",
  source: page('002', 'Where a suggested change stands, from its check, its pin and its own steps (never stored).'),
  appliesTo: (exchange) => ok(exchange) && exchange.operation !== undefined && SUGGESTED_CHANGE_BODIES.has(exchange.operation.operationId),
  run: (exchange) => {
    const change = exchange.response.body as SuggestedChange;
    if (!change.check || !Array.isArray(change.fixes) || !Array.isArray(change.changes) || !change.madeBy) return undefined;
    const broken = checkSuggestedChange(change).map((v) => `${v.rule} (${v.field}: ${v.message})`);
    return broken.length === 0 ? undefined : { expected: 'the suggested change keeps the domain rules', actual: broken.slice(0, 5).join('; ') };
  },
};
