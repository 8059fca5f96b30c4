import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which IP addresses the download proxy may connect to.
 *
 * The proxy fetches URLs chosen by the browser, so every address it would
 * connect to must be a public, globally routable unicast address; anything
 * else (loopback, private networks, cloud metadata endpoints, …) would let a
 * user reach services that are only reachable from the server (SSRF).
 */

/** IPv4 ranges that are not public unicast (RFC 6890 special-purpose registry plus cloud metadata). */
const IPV4_BLOCKED = [
  '0.0.0.0/8', // "this network", unspecified
  '10.0.0.0/8', // private
  '100.64.0.0/10', // carrier-grade NAT (also holds Alibaba metadata 100.100.100.200)
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link-local (AWS/GCP/Azure metadata 169.254.169.254)
  '172.16.0.0/12', // private
  '192.0.0.0/24', // IETF protocol assignments
  '192.0.2.0/24', // TEST-NET-1
  '192.88.99.0/24', // deprecated 6to4 relay anycast
  '192.168.0.0/16', // private
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // TEST-NET-2
  '203.0.113.0/24', // TEST-NET-3
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, includes broadcast 255.255.255.255
  '168.63.129.16/32', // Azure wire server / metadata (a public-looking address)
  '100.100.100.200/32', // Alibaba Cloud metadata (already in 100.64/10, listed for clarity)
].map((cidr) => ipaddr.IPv4.parseCIDR(cidr));

/** IPv6 ranges inside 2000::/3 (or worth naming) that are not public unicast. */
const IPV6_BLOCKED = [
  '::/128', // unspecified
  '::1/128', // loopback
  '100::/64', // discard-only
  '2001::/23', // IETF protocol assignments: Teredo, benchmarking, ORCHID…
  '2001:db8::/32', // documentation
  '3fff::/20', // documentation (RFC 9637)
  'fc00::/7', // unique local (includes AWS metadata fd00:ec2::254)
  'fe80::/10', // link-local
  'fec0::/10', // deprecated site-local
  'ff00::/8', // multicast
].map((cidr) => ipaddr.IPv6.parseCIDR(cidr));

/** Global unicast: the only IPv6 block with public addresses. */
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');
/** NAT64's well-known prefix (RFC 6052): the last 32 bits are the IPv4 host. */
const NAT64 = ipaddr.IPv6.parseCIDR('64:ff9b::/96');
/** 6to4 (RFC 3056): bits 16-47 are the IPv4 end of the tunnel. */
const SIX_TO_FOUR = ipaddr.IPv6.parseCIDR('2002::/16');

/** The IPv4 address in bytes `at`..`at + 4` of `addr`. */
const embedded = (addr: ipaddr.IPv6, at: number) => new ipaddr.IPv4(addr.toByteArray().slice(at, at + 4));

function isPublicV4(addr: ipaddr.IPv4): boolean {
  return !IPV4_BLOCKED.some((range) => addr.match(range));
}

function isPublicV6(addr: ipaddr.IPv6): boolean {
  // IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) reach an IPv4
  // host: judge that host, otherwise ::ffff:127.0.0.1 would slip through.
  if (addr.isIPv4MappedAddress()) return isPublicV4(addr.toIPv4Address());
  if (addr.match(NAT64)) return isPublicV4(embedded(addr, 12));
  // Only global unicast 2000::/3 is public; this refuses the deprecated
  // IPv4-compatible ::a.b.c.d, local NAT64 64:ff9b:1::/48 and any future
  // special range outside 2000::/3 without having to list them.
  if (!addr.match(GLOBAL_UNICAST)) return false;
  if (IPV6_BLOCKED.some((range) => addr.match(range))) return false;
  // 6to4 (2002:aabb:ccdd::/48) tunnels to the embedded IPv4 address.
  if (addr.match(SIX_TO_FOUR)) return isPublicV4(embedded(addr, 2));
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
  // Node's own parser decides what is an address (no '127.1', '0x7f000001' or '[::1]'); ipaddr.js reads it.
  const family = isIP(ip);
  if (family === 4) return isPublicV4(ipaddr.IPv4.parse(ip));
  // Read in the URL standard's canonical form (hex groups only): ipaddr.js reads the deprecated
  // IPv4-compatible ::a.b.c.d as IPv4-mapped ::ffff:a.b.c.d, which is not the address a socket would use.
  if (family === 6) return isPublicV6(ipaddr.IPv6.parse(new URL(`http://[${ip}]/`).hostname.slice(1, -1)));
  return false;
}
