// Answers written together, once the event loop's turn has run every request it read, rather
// than each as soon as it is ready. On loopback the server pays, inside its own write, for waking
// a client that waits: a client on several connections is then woken once per batch, not once
// per answer (lists ran 20–30 % faster; README, "Performance").
// node:timers' setImmediate, not the global one: fake timers in a user's tests replace the
// global, and no answer would go out.
import { setImmediate } from 'node:timers';

export interface AnswerBatch {
  /**
   * Runs `write(a, b)` with the rest of this turn's answers, in the order they were added.
   * The writer and its two arguments are kept as they are: adding makes no closure per answer.
   */
  add<A, B>(write: (a: A, b: B) => void, a: A, b: B): void;
  /** Runs every write added and not yet run, now: before the server closes its connections. */
  flush(): void;
}

/** `schedule` runs the batch later in the turn; setImmediate (the check phase, after I/O) unless a test asks otherwise. */
export function createAnswerBatch(schedule: (run: () => void) => void = setImmediate): AnswerBatch {
  // Flat: writer, a, b, writer, a, b, …
  let pending: unknown[] = [];
  const flush = () => {
    const writes = pending;
    pending = [];
    let failure: { error: unknown } | undefined;
    for (let i = 0; i < writes.length; i += 3) {
      try {
        (writes[i] as (a: unknown, b: unknown) => void)(writes[i + 1], writes[i + 2]);
      } catch (error) {
        // The other answers still go out; the first failure is then thrown, as it would have been alone.
        failure ??= { error };
      }
    }
    if (failure) throw failure.error;
  };
  return {
    add(write, a, b) {
      if (pending.push(write, a, b) === 3) schedule(flush);
    },
    flush,
  };
}
