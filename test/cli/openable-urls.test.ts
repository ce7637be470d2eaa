// The banner's URLs for a mock bound to every address (openable-urls.ts), from given interfaces: no traffic.
import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { openableUrls } from '../../src/openable-urls.ts';

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
