// The banner's URLs for a mock bound to every address (openable-urls.ts), from given interfaces: no
// traffic; and its curl lines' URLs, which a person on this machine opens and a shell takes as they are.
import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { curlUrl, loopbackUrl, openableUrls, shellWord } from '../../src/openable-urls.ts';

const address = (addr: string, family: 'IPv4' | 'IPv6', internal: boolean) => ({ address: addr, family, internal, netmask: '', mac: '', cidr: null }) as NetworkInterfaceInfo;
const interfaces = {
  eth0: [address('10.1.2.3', 'IPv4', false), address('2001:db8::7', 'IPv6', false), address('fe80::1', 'IPv6', false)],
  lo: [address('127.0.0.1', 'IPv4', true), address('::1', 'IPv6', true)],
};

describe('openableUrls', () => {
  it('0.0.0.0 → this machine\'s IPv4 addresses, loopback first; :: → IPv6 ones too, without link-local', () => {
    expect(openableUrls('http://0.0.0.0:4010', 4010, undefined, interfaces)).toEqual(['http://127.0.0.1:4010', 'http://10.1.2.3:4010']);
    expect(openableUrls('http://[::]:4010', 4010, undefined, interfaces)).toEqual(['http://127.0.0.1:4010', 'http://[::1]:4010', 'http://10.1.2.3:4010', 'http://[2001:db8::7]:4010']);
  });

  it('an address that is not a wildcard → none but --public-url, which comes first', () => {
    expect(openableUrls('http://127.0.0.1:4010', 4010, undefined, interfaces)).toEqual([]);
    expect(openableUrls('http://0.0.0.0:4010', 4010, 'https://demo.example.com', interfaces)[0]).toBe('https://demo.example.com');
  });
});

describe('the banner\'s curl URLs', () => {
  it('a wildcard host becomes its loopback address: 0.0.0.0 → 127.0.0.1, :: → [::1]; any other host stays', () => {
    expect(loopbackUrl('http://0.0.0.0:4010')).toBe('http://127.0.0.1:4010');
    expect(loopbackUrl('http://[::]:4010')).toBe('http://[::1]:4010');
    for (const url of ['http://127.0.0.1:4010', 'http://[::1]:4010', 'http://10.1.2.3:4010', 'http://0.0.0.01:4010']) expect(loopbackUrl(url)).toBe(url);
  });

  it('a URL with a character a shell expands (zsh: "no matches found") is single-quoted; a plain one is left as it is', () => {
    expect(shellWord('http://127.0.0.1:4010/__mock/principals')).toBe('http://127.0.0.1:4010/__mock/principals');
    expect(shellWord('http://127.0.0.1:4010/v1/corrections?limit=2')).toBe('\'http://127.0.0.1:4010/v1/corrections?limit=2\'');
    expect(shellWord('http://[::1]:4010/health')).toBe('\'http://[::1]:4010/health\'');
    expect(shellWord('a b&c*')).toBe('\'a b&c*\'');
    expect(shellWord('it\'s')).toBe('\'it\'\\\'\'s\'');
  });

  it('curlUrl: the loopback URL of a path, quoted when it must be', () => {
    expect(curlUrl('http://0.0.0.0:4010', '/v1/corrections?limit=2')).toBe('\'http://127.0.0.1:4010/v1/corrections?limit=2\'');
    expect(curlUrl('http://0.0.0.0:4010', '/__mock/sessions')).toBe('http://127.0.0.1:4010/__mock/sessions');
    expect(curlUrl('http://[::]:4010', '/__mock/principals')).toBe('\'http://[::1]:4010/__mock/principals\'');
  });
});
