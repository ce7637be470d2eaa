// The shape of a domain rule: a named check over plain data that cites the sentence it enforces.

export interface Violation {
  rule: string;
  /** The offending field, as a dotted path from the checked record (`fixedIn.version`). */
  field: string;
  message: string;
}

export interface Rule<T> {
  name: string;
  /** Where the rule comes from: a reference page and the sentence, in short. */
  source: string;
  check(value: T): Array<Omit<Violation, 'rule'>>;
}

/** Runs every rule over a value; an empty array means the value keeps them all. */
export function checkRules<T>(rules: ReadonlyArray<Rule<T>>, value: T): Violation[] {
  // Loops, not flatMap: a world of 100 000 records runs this a million times at start-up.
  const found: Violation[] = [];
  for (const rule of rules) {
    const broken = rule.check(value);
    for (const violation of broken) found.push({ rule: rule.name, ...violation });
  }
  return found;
}

/** Shared by every rule that holds, so keeping a rule allocates nothing. */
const KEPT: ReadonlyArray<Omit<Violation, 'rule'>> = Object.freeze([]);

/** One violation at `field`, or none when `ok`. */
export function expect(ok: boolean, field: string, message: string): Array<Omit<Violation, 'rule'>> {
  return ok ? (KEPT as Array<Omit<Violation, 'rule'>>) : [{ field, message }];
}
