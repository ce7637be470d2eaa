// `--stateful`: fast-check generates sequences of the API's steps; each is sent to the target and
// to the model (kindgi-mock in this process, over what the walk read on the target), and the
// first answer where they part fails the sequence, which fast-check then shrinks to a shortest
// one. Each sequence starts from a fresh model session and removes its corrections at its end.
import { randomInt } from 'node:crypto';
import fc from 'fast-check';
import { BudgetExhausted, TargetUnavailable } from '../client.ts';
import type { Session } from '../types.ts';
import { sequenceArbitrary } from './commands.ts';
import { findGround, NoGround, type WalkGround } from './ground.ts';
import { createWalkModel, type WalkModel } from './model.ts';
import { Divergence, SequenceRun } from './sequence-run.ts';

export const DEFAULT_STATEFUL_RUNS = 20;
export const MAX_STEPS = 30;
/** fast-check's seeds are 32-bit integers: a larger one would be cut, and name another run. */
export const MIN_SEED = -(2 ** 31);
export const MAX_SEED = 2 ** 31 - 1;
export const isWalkSeed = (seed: number) => Number.isInteger(seed) && seed >= MIN_SEED && seed <= MAX_SEED;

export interface WalkOptions {
  /** Sequences to generate (`--stateful-runs`). */
  runs: number;
  /** fast-check's seed (`--seed`): the same seed generates the same sequences. Default: random. */
  seed?: number;
  /** The target is on this machine: a kindgi-mock there offers test runs. */
  loopback: boolean;
  /** This run's id, in every Idempotency-Key the walk sends. */
  runId: string;
}

export interface WalkOutcome {
  seed: number;
  ground: WalkGround;
  /** Sequences sent, shrinking's replays included, and how many of them shrinking sent. */
  sequences: number;
  whileShrinking: number;
  /** The walk's requests to the target (its probes and cleanups too), and its time. */
  requests: number;
  durationMs: number;
  /** What cut the walk short (the budget, the time limit), when something did. */
  stopped?: BudgetExhausted | TargetUnavailable;
  /** The shortest sequence fast-check found that makes the target and the model part. */
  divergence?: { error: Divergence; path: string; shrinks: number };
}

const WHY = 'Written by the kindgi-mock stateful walk.';

export async function statefulWalk(suite: Session, options: WalkOptions): Promise<WalkOutcome> {
  const started = Date.now();
  let requests = 0;
  const session: Session = {
    ...suite,
    send: (...request) => { requests += 1; return suite.send(...request); },
    tidy: (...request) => { requests += 1; return suite.tidy(...request); },
  };
  const ground = await findGround(session, options.loopback);
  const model = modelOf(ground);
  let sequences = 0;
  let stopped: WalkOutcome['stopped'];
  const generated = sequenceArbitrary({ runs: ground.runs.length, testRuns: ground.offersTestRuns, maxSteps: MAX_STEPS });
  const property = fc.asyncProperty(generated, async (steps) => {
    // Once the budget is spent, every further sequence (a shrink's too) passes untried.
    if (stopped) return;
    // The last sequence's corrections were made a tick of the target's clock before this one's first (`since` keeps them apart).
    if (sequences > 0) await new Promise((resolve) => setTimeout(resolve, ground.tick + 1));
    sequences += 1;
    const sequence = new SequenceRun(ground, session.send, model.sequence(), `${WHY} ${session.writeTag}`, `kindgi-walk-${options.runId}-${sequences}`);
    let agreed = false;
    try {
      await fc.asyncModelRun(() => ({ model: { created: 0, keyed: 0, listed: 0 }, real: sequence }), steps);
      agreed = true;
    } catch (error) {
      if (error instanceof BudgetExhausted || error instanceof TargetUnavailable) {
        stopped = error;
        return;
      }
      throw error;
    } finally {
      await removeMade(session, sequence, agreed);
      sequence.model.end();
    }
  });
  try {
    // A seed of our own, not fast-check's (which may be negative): printed as `--seed N`, it is
    // pasted back as one, where `--seed -N` would read as a flag.
    const seed = options.seed ?? randomInt(0, MAX_SEED);
    const details = await fc.check(property, { numRuns: options.runs, seed });
    const spent = { seed, ground, sequences, requests, durationMs: Date.now() - started, ...(stopped ? { stopped } : {}) };
    if (details.failed) {
      if (!(details.errorInstance instanceof Divergence)) throw details.errorInstance;
      // fast-check counts the runs up to the failing one; every sequence after them was a shrink's.
      return { ...spent, whileShrinking: Math.max(0, sequences - details.numRuns), divergence: { error: details.errorInstance, path: details.counterexamplePath ?? '', shrinks: details.numShrinks } };
    }
    return { ...spent, whileShrinking: 0 };
  } finally {
    model.close();
  }
}

/** The model over the ground; a run copy the mock's world rules refuse (which the checks report on the probe's answer) leaves no walk. */
function modelOf(ground: WalkGround): WalkModel {
  try {
    return createWalkModel(ground);
  } catch (error) {
    throw new NoGround(`the mock cannot hold the target's runs as it read them: ${(error as Error).message}`);
  }
}

/**
 * Removes what the sequence made that is still live on the target. When the two sides agreed to
 * the end, the model says which were removed already; a superseded one is asked too (a correct
 * target refuses, 409), and the ledger is told, so that the run's end does not read it again.
 * After a divergence, every one is asked to go. What fails here, the run's end tries again
 * (writes-ledger.ts), and reports.
 */
async function removeMade(session: Session, sequence: SequenceRun, agreed: boolean): Promise<void> {
  try {
    for (const { target, model } of await sequence.madeNow()) {
      if (agreed && model?.status === 'removed') continue;
      const answer = await session.tidy('POST', `/v1/corrections/${encodeURIComponent(target)}/remove`);
      if (answer.response.status === 409 && model?.supersededBy !== undefined) session.noteSuperseded(target);
    }
  } catch {
    // Left for the run's own cleanup, which says what it could not remove.
  }
}
