// Every scenario, in the order the suite runs them.
import type { Scenario } from '../types.ts';
import { cursors } from './cursors.ts';
import { filters } from './filters.ts';
import { listProperties } from './list-properties.ts';
import { negativePositive } from './negative-positive.ts';
import { provoked503 } from './provoked-503.ts';
import { reads } from './reads.ts';
import { security } from './security.ts';
import { writes } from './writes.ts';

export const SCENARIOS: readonly Scenario[] = [listProperties, filters, cursors, reads, security, negativePositive, provoked503, writes];
