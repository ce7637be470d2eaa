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
  return rules.flatMap((rule) => rule.check(value).map((found) => ({ rule: rule.name, ...found })));
}

/** One violation at `field`, or none when `ok`. */
export function expect(ok: boolean, field: string, message: string): Array<Omit<Violation, 'rule'>> {
  return ok ? [] : [{ field, message }];
}
