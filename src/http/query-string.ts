// A query as `application/x-www-form-urlencoded` reads it (`+` is a space, percent-decoded as
// UTF-8), a repeated name as an array of its values in order, on an object without a prototype so
// that no name is special. Every list request reads one.

export type ParsedQuery = Record<string, string | string[]>;

/** Characters that decode to themselves: no `%`, `+` or `?` (the parser drops a leading one), nothing outside printable ASCII. */
const PLAIN = /^[A-Za-z0-9\-._~!$'()*,;:@/=&]*$/;

export function parseQuery(query: string): ParsedQuery {
  const parsed: ParsedQuery = Object.create(null);
  if (!PLAIN.test(query)) {
    for (const [name, value] of new URLSearchParams(query)) add(parsed, name, value);
    return parsed;
  }
  // What URLSearchParams gives for such a query, without its iterator: a list request's query
  // (`limit=25`, `status=not-fixed&agentId=agt_refunds`) is nearly always of this kind.
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    if (equals < 0) add(parsed, pair, '');
    else add(parsed, pair.slice(0, equals), pair.slice(equals + 1));
  }
  return parsed;
}

/** A module function rather than a closure per query: every list request reads one. */
function add(parsed: ParsedQuery, name: string, value: string): void {
  const held = parsed[name];
  parsed[name] = held === undefined ? value : Array.isArray(held) ? [...held, value] : [held, value];
}
