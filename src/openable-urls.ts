// The URLs a person can open for a mock bound to every address (0.0.0.0, ::): the banner's
// listening URL names no host anyone can reach. And the banner's URLs as words a shell takes as
// they are.
import { networkInterfaces } from 'node:os';

/** The wildcard host of a listening URL (`0.0.0.0` or `[::]`), else undefined. */
const wildcardOf = (listening: string) => /^http:\/\/(0\.0\.0\.0|\[::\])(?=[:/]|$)/.exec(listening)?.[1];

/** A wildcard's loopback: what this machine reaches it at. */
const LOOPBACK = { '0.0.0.0': '127.0.0.1', '[::]': '[::1]' } as const;

/**
 * - `listening`: the URL the server reports; for a wildcard address, this machine's own addresses
 *   (loopback first), each with `port`; for any other, none (the listening URL is openable).
 * - `publicUrl`: `--public-url`, first when given.
 */
export function openableUrls(listening: string, port: number, publicUrl?: string, interfaces = networkInterfaces()): string[] {
  const wildcard = wildcardOf(listening);
  // 0.0.0.0 is every IPv4 address; :: is every address of both families. Link-local IPv6 needs a zone: left out.
  const reachable = (a: { family: string; address: string }) => a.family === 'IPv4' || (wildcard === '[::]' && !a.address.toLowerCase().startsWith('fe80'));
  const own = wildcard
    ? Object.values(interfaces).flat().filter((a) => a !== undefined && reachable(a))
      .sort((a, b) => Number(b!.internal) - Number(a!.internal))
      .map((a) => `http://${a!.family === 'IPv6' ? `[${a!.address}]` : a!.address}:${port}`)
    : [];
  return [...(publicUrl !== undefined ? [publicUrl] : []), ...own];
}

/**
 * The listening URL as this machine opens it: a wildcard host becomes its loopback address
 * (0.0.0.0 → 127.0.0.1, [::] → [::1]); any other URL is returned as it is.
 */
export function loopbackUrl(listening: string): string {
  const wildcard = wildcardOf(listening);
  return wildcard ? `http://${LOOPBACK[wildcard as keyof typeof LOOPBACK]}${listening.slice(`http://${wildcard}`.length)}` : listening;
}

/**
 * `text` as one shell word: as it is when it holds only characters no shell expands, else in single
 * quotes. An unquoted `?` or `[` is a pattern: zsh, the macOS shell, refuses a URL with one ("no
 * matches found"), and bash may expand it to a file's name.
 */
export function shellWord(text: string): string {
  return /^[A-Za-z0-9_\-.:/@%+=,]+$/.test(text) ? text : `'${text.replaceAll('\'', '\'\\\'\'')}'`;
}

/** `path` on the mock listening at `listening`, as the banner prints it for curl: loopbackUrl, then shellWord. */
export function curlUrl(listening: string, path: string): string {
  return shellWord(`${loopbackUrl(listening)}${path}`);
}
