// Records of the committed fixtures that tests need, chosen by what they are (never by id), so a
// regenerated world keeps the tests meaningful.
import { readFileSync } from 'node:fs';

interface FixtureProject { id: string; name: string }
interface FixtureRun { id: string; projectId: string; finished: boolean; capturedAt?: string }
interface FixtureCorrection { id: string; projectId: string; status: string; supersededBy?: string; sortedTo?: string; reopenedIn?: unknown }

export const fixture = <T>(name: string): T => JSON.parse(readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8')) as T;

function first<T>(list: T[], what: string, test: (value: T) => boolean): T {
  const found = list.find(test);
  if (!found) throw new Error(`the fixtures have no ${what}`);
  return found;
}

const supportProject = () => first(fixture<FixtureProject[]>('projects.json'), 'Customer Support project', (p) => p.name === 'Customer Support').id;

/** Finished Customer Support runs that nobody has corrected yet: each takes a new correction. */
export function freshRuns(count: number): FixtureRun[] {
  const project = supportProject();
  const found = fixture<FixtureRun[]>('runs.json').filter((r) => r.projectId === project && r.finished && r.capturedAt === undefined).slice(0, count);
  if (found.length < count) throw new Error(`the fixtures have fewer than ${count} finished, never corrected Customer Support runs`);
  return found;
}

/** Open, unsorted, live Customer Support corrections: any writer may change them. */
export function openCorrections(count: number): FixtureCorrection[] {
  const project = supportProject();
  const found = fixture<FixtureCorrection[]>('corrections.json').filter((c) =>
    c.projectId === project && c.supersededBy === undefined && c.status === 'open' && c.sortedTo === undefined && c.reopenedIn === undefined).slice(0, count);
  if (found.length < count) throw new Error(`the fixtures have fewer than ${count} open, unsorted Customer Support corrections`);
  return found;
}

export const openCorrection = (): FixtureCorrection => openCorrections(1)[0]!;
