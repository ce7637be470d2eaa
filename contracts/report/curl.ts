// A curl line that reproduces a request, with tokens replaced by environment variables.
import type { Exchange } from '../types.ts';

const TOKEN_VARIABLES: Record<string, string> = { primary: 'KINDGI_TOKEN', otherTenant: 'KINDGI_OTHER_TENANT_TOKEN', narrow: 'KINDGI_NARROW_TOKEN' };

const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

export function curlFor(baseUrl: string, exchange: Exchange, tokens: Array<[string, string]>): string {
  const parts = ['curl', '-i', '-X', exchange.request.method, quote(new URL(exchange.request.path, baseUrl).toString())];
  for (const [name, value] of Object.entries(exchange.request.headers)) {
    let shown = value;
    for (const [role, token] of tokens) shown = shown.replaceAll(token, `$${TOKEN_VARIABLES[role] ?? 'TOKEN'}`);
    parts.push('-H', shown.includes('$') ? `"${name}: ${shown}"` : quote(`${name}: ${shown}`));
  }
  if (exchange.request.body !== undefined) parts.push('--data', quote(JSON.stringify(exchange.request.body)));
  return parts.join(' ');
}
