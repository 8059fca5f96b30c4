import { BlockList, isIP } from 'node:net';

/**
 * Which IP addresses the download proxy may connect to.
 *
 * The proxy fetches URLs chosen by the browser, so every address it would
 * connect to must be a public, globally routable unicast address; anything
 * else (loopback, private networks, cloud metadata endpoints, …) would let a
 * user reach services that are only reachable from the server (SSRF).
 */

/** IPv4 ranges that are not public unicast (RFC 6890 special-purpose registry plus cloud metadata). */
const IPV4_BLOCKED: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT (also holds Alibaba metadata 100.100.100.200)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (AWS/GCP/Azure metadata 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // TEST-NET-1
  ['192.88.99.0', 24], // deprecated 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // TEST-NET-2
  ['203.0.113.0', 24], // TEST-NET-3
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, includes broadcast 255.255.255.255
  ['168.63.129.16', 32], // Azure wire server / metadata (a public-looking address)
  ['100.100.100.200', 32], // Alibaba Cloud metadata (already in 100.64/10, listed for clarity)
];

/** IPv6 ranges inside 2000::/3 (or worth naming) that are not public unicast. */
const IPV6_BLOCKED: ReadonlyArray<readonly [string, number]> = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard-only
  ['2001::', 23], // IETF protocol assignments: Teredo, benchmarking, ORCHID…
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation (RFC 9637)
  ['fc00::', 7], // unique local (includes AWS metadata fd00:ec2::254)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // deprecated site-local
  ['ff00::', 8], // multicast
];

const v4Blocked = new BlockList();
for (const [net, prefix] of IPV4_BLOCKED) v4Blocked.addSubnet(net, prefix, 'ipv4');
const v6Blocked = new BlockList();
for (const [net, prefix] of IPV6_BLOCKED) v6Blocked.addSubnet(net, prefix, 'ipv6');

/** Parses a textual IPv6 address (already validated by `isIP`, no zone id) into its 16 bytes. */
function ipv6Bytes(ip: string): Uint8Array {
  const bytes = new Uint8Array(16);
  // A trailing dotted quad (::ffff:1.2.3.4) stands for the last two groups:
  // parse it as "0:0" and write the four octets in afterwards.
  const lastColon = ip.lastIndexOf(':');
  const quad = ip.includes('.') ? ip.slice(lastColon + 1).split('.').map(Number) : null;
  const text = quad ? `${ip.slice(0, lastColon + 1)}0:0` : ip;
  const [left, right] = text.split('::');
  const head = left ? left.split(':') : [];
  const rest = right ? right.split(':') : [];
  const groups =
    right === undefined ? head : [...head, ...Array<string>(8 - head.length - rest.length).fill('0'), ...rest];
  groups.forEach((group, i) => {
    const value = parseInt(group, 16);
    bytes[i * 2] = value >> 8;
    bytes[i * 2 + 1] = value & 0xff;
  });
  if (quad) bytes.set(quad, 12);
  return bytes;
}

const allZero = (b: Uint8Array, from: number, to: number): boolean => b.subarray(from, to).every((x) => x === 0);
const dotted = (b: Uint8Array, at: number): string => Array.from(b.subarray(at, at + 4)).join('.');

function isPublicV4(ip: string): boolean {
  return !v4Blocked.check(ip, 'ipv4');
}

function isPublicV6(ip: string): boolean {
  const b = ipv6Bytes(ip);
  // IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) reach an IPv4
  // host: judge that host, otherwise ::ffff:127.0.0.1 would slip through.
  if (allZero(b, 0, 10) && b[10] === 0xff && b[11] === 0xff) return isPublicV4(dotted(b, 12));
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && allZero(b, 4, 12)) {
    return isPublicV4(dotted(b, 12));
  }
  // Only global unicast 2000::/3 is public; this refuses the deprecated
  // IPv4-compatible ::a.b.c.d, local NAT64 64:ff9b:1::/48 and any future
  // special range outside 2000::/3 without having to list them.
  if ((b[0] & 0xe0) !== 0x20) return false;
  if (v6Blocked.check(ip, 'ipv6')) return false;
  // 6to4 (2002:aabb:ccdd::/48) tunnels to the embedded IPv4 address.
  if (b[0] === 0x20 && b[1] === 0x02) return isPublicV4(dotted(b, 2));
  return true;
}

/**
 * Tells whether `ip` is a public unicast address the download proxy may connect to.
 *
 * Accepts plain IPv4 dotted quads and IPv6 text (without brackets). Anything
 * that is not a valid address, carries an IPv6 zone id (`fe80::1%eth0`) or
 * falls in a loopback, private, link-local, CGNAT, metadata, multicast,
 * documentation or reserved range returns `false`. IPv4-mapped and NAT64
 * IPv6 addresses are judged by the IPv4 address they embed.
 *
 * @param ip - an IP address as text, e.g. from `dns.lookup` or `socket.remoteAddress`
 * @returns `true` only for addresses that are safe to connect to
 */
export function isPublicAddress(ip: string): boolean {
  if (ip.includes('%')) return false; // scoped addresses are link-local by nature
  const family = isIP(ip);
  if (family === 4) return isPublicV4(ip);
  if (family === 6) return isPublicV6(ip);
  return false;
}
