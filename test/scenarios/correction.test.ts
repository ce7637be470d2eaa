import { describe, expect, it } from 'vitest';
import { CORRECTION_STATUSES } from '../../src/domain/types.ts';
import { createScenarioCatalogue } from '../../src/scenarios/apply.ts';
import { expectWorldKeepsRules, readerOf, testWorld } from './support.ts';

const catalogue = createScenarioCatalogue();

describe('correction', () => {
  it('makes one open correction by default, and says what it chose', () => {
    const world = testWorld();
    const result = catalogue.apply(world, 'correction', {});
    expect(result.params).toMatchObject({ count: 1, says: 'decisions', status: 'open' });
    expect(result.created.corrections).toHaveLength(1);
    expect(result.created.runs).toHaveLength(1);
    const projectId = result.params.projectId as string;
    const correction = world.store.readCorrection(readerOf(world, projectId), result.created.corrections[0]!);
    expect(correction).toMatchObject({ status: 'open', projectId, decisions: 'wrong' });
    expect(Date.parse(correction!.createdAt)).toBeLessThan(world.clock.now());
    expectWorldKeepsRules(world);
  });

  it.each(CORRECTION_STATUSES)('reaches status %s', (status) => {
    const world = testWorld();
    const result = catalogue.apply(world, 'correction', { status, count: 3 });
    const reader = readerOf(world, result.params.projectId as string);
    for (const id of result.created.corrections) expect(world.store.readCorrection(reader, id)?.status).toBe(status);
    expectWorldKeepsRules(world);
  });
});
