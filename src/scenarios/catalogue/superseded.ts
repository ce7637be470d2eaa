// `superseded`: corrections of one run by one author, each superseding the one before; only the
// last is live (the platform's one-live-correction-per-run-and-maker rule).
import { defineScenario } from '../define.ts';

export interface SupersededParams {
  /** How many corrections in the chain (2–5; default 2). */
  depth?: number;
}

export const supersededScenario = defineScenario<'superseded', SupersededParams>({
  name: 'superseded',
  description: 'depth corrections of one run by one author, each superseding the one before; only the last is live.',
  params: {
    type: 'object',
    additionalProperties: false,
    properties: {
      depth: { type: 'integer', minimum: 2, maximum: 5, default: 2, description: 'How many corrections in the chain (2–5).' },
    },
  },
  instants: () => 20,
  build(b, params) {
    const depth = params.depth ?? 2;
    const project = b.project(undefined, (p) => b.agentsOf(p.id).length > 0 && b.principals(p.id).length > 0);
    const author = b.principal(project.id);
    b.name('madeBy', author);
    const verdicts = ['wrong', 'right'] as const;
    let correction = b.correct(author, { projectId: project.id, answer: 'wrong', shouldSay: 'It should quote the 30-day refund window.' });
    for (let step = 1; step < depth; step += 1) {
      // Each one says a little more, as a person who looked again would.
      correction = b.supersede(correction.id, { answer: 'wrong', shouldSay: `It should quote the 30-day refund window (look ${step + 1}).`, decisions: verdicts[step % 2]! });
    }
  },
});
