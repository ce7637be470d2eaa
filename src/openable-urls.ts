// The URLs a person can open for a mock bound to every address (0.0.0.0, ::): the banner's
// listening URL names no host anyone can reach.
import { networkInterfaces } from 'node:os';

/**
 * - `listening`: the URL the server reports; for a wildcard address, this machine's own addresses
 *   (loopback first), each with `port`; for any other, none (the listening URL is openable).
 * - `publicUrl`: `--public-url`, first when given.
 */
export function openableUrls(listening: string, port: number, publicUrl?: string, interfaces = networkInterfaces()): string[] {
  const wildcard = /^http:\/\/(0\.0\.0\.0|\[::\])(:|$)/.exec(listening)?.[1];
  // 0.0.0.0 is every IPv4 address; :: is every address of both families. Link-local IPv6 needs a zone: left out.
  const reachable = (a: { family: string; address: string }) => a.family === 'IPv4' || (wildcard === '[::]' && !a.address.toLowerCase().startsWith('fe80'));
  const own = wildcard
    ? Object.values(interfaces).flat().filter((a) => a !== undefined && reachable(a))
      .sort((a, b) => Number(b!.internal) - Number(a!.internal))
      .map((a) => `http://${a!.family === 'IPv6' ? `[${a!.address}]` : a!.address}:${port}`)
    : [];
  return [...(publicUrl !== undefined ? [publicUrl] : []), ...own];
}
