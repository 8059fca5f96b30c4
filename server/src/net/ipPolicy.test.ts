import { describe, it, expect } from 'vitest';
import { isPublicAddress } from './ipPolicy';

// One representative per rule, plus the edges of each range, so that removing
// or narrowing any range makes at least one case fail.
const REFUSED: Record<string, string[]> = {
  'IPv4 loopback 127/8': ['127.0.0.1', '127.255.255.254'],
  'IPv4 unspecified 0/8': ['0.0.0.0', '0.1.2.3'],
  'private 10/8': ['10.0.0.1', '10.255.255.255'],
  'private 172.16/12': ['172.16.0.1', '172.31.255.255'],
  'private 192.168/16': ['192.168.0.1', '192.168.255.255'],
  'link-local 169.254/16': ['169.254.0.1', '169.254.255.255'],
  'carrier-grade NAT 100.64/10': ['100.64.0.1', '100.127.255.255'],
  'cloud metadata': ['169.254.169.254', '168.63.129.16', '100.100.100.200', 'fd00:ec2::254'],
  'IPv4 multicast 224/4': ['224.0.0.1', '239.255.255.255'],
  'reserved 240/4 and broadcast': ['240.0.0.1', '255.255.255.255'],
  'IETF 192.0.0/24': ['192.0.0.1'],
  'TEST-NETs': ['192.0.2.1', '198.51.100.7', '203.0.113.9'],
  'benchmarking 198.18/15': ['198.18.0.1', '198.19.255.255'],
  'IPv6 loopback and unspecified': ['::1', '::', '0:0:0:0:0:0:0:1'],
  'unique local fc00::/7': ['fc00::1', 'fd12:3456::1'],
  'link-local fe80::/10': ['fe80::1', 'febf::1', 'fe80::1%eth0'],
  'any zone id (scoped, never a public target)': ['2606:4700::1111%eth0', '2606:4700::1111%1'],
  'site-local fec0::/10': ['fec0::1', 'feff::1'],
  'IPv6 multicast ff00::/8': ['ff02::1', 'ff0e::101'],
  'documentation 2001:db8::/32': ['2001:db8::1', '2001:db8:ffff::1'],
  'discard 100::/64': ['100::1'],
  'IPv4-mapped private': ['::ffff:127.0.0.1', '::ffff:7f00:1', '::FFFF:10.0.0.1', '::ffff:a9fe:a9fe'],
  'NAT64 with private v4': ['64:ff9b::10.0.0.1', '64:ff9b::7f00:1', '64:ff9b::a9fe:a9fe'],
  '6to4 with private v4': ['2002:7f00:1::1', '2002:a00:1::'],
  'deprecated IPv4-compatible': ['::127.0.0.1', '::8.8.8.8'],
  'Teredo and other IETF assignments': ['2001::1', '2001:2::1'],
  'not an IP at all': ['', 'localhost', '[::1]', '127.1', '0x7f000001', '2130706433', '1.2.3.4.5', 'example.com'],
};

const ALLOWED = [
  '8.8.8.8',
  '1.1.1.1',
  '93.184.216.34',
  '172.15.255.255', // just below 172.16/12
  '172.32.0.1', // just above
  '100.63.255.255', // just below CGNAT
  '100.128.0.1', // just above
  '169.253.255.255',
  '223.255.255.254', // just below multicast
  '198.17.255.255',
  '198.20.0.1',
  '2606:4700:4700::1111',
  '2a00:1450:4001:80b::200e',
  '::ffff:8.8.8.8', // mapped public v4 is still public
  '64:ff9b::808:808', // NAT64 to a public v4
  '2002:808:808::1', // 6to4 of a public v4
];

describe('isPublicAddress', () => {
  for (const [rule, addresses] of Object.entries(REFUSED)) {
    it(`refuses ${rule}`, () => {
      for (const ip of addresses) expect(isPublicAddress(ip), ip).toBe(false);
    });
  }

  it('accepts public unicast addresses, including at the edges of refused ranges', () => {
    for (const ip of ALLOWED) expect(isPublicAddress(ip), ip).toBe(true);
  });

  it('judges an IPv4-mapped address exactly like the IPv4 address it embeds', () => {
    for (const v4 of ['127.0.0.1', '10.1.2.3', '169.254.169.254', '8.8.4.4', '100.64.0.1', '1.0.0.1']) {
      expect(isPublicAddress(`::ffff:${v4}`), v4).toBe(isPublicAddress(v4));
    }
  });
});
