/**
 * Weighted host lists (SPEC §7 "Hosts are weighted, one picked at random by weight; production and dev use different
 * hosts"). A host list is a map from host name (or base URL) to a weight; a host with weight 6 is picked three
 * times as often as one with weight 2. Zero, negative and non-finite weights take a host out of rotation without
 * removing it from the config.
 */

/** Host name or base URL → weight. */
export type HostWeights = Record<string, number>;

/** Which host list a build uses. */
export type HostEnvironment = 'production' | 'development';

/**
 * The built-in lists, one per environment. A self-hosted install has a single origin, so both default to the page's
 * own origin ('' = relative URLs; in development Vite proxies /api to the server, and the server has no CORS, so an
 * absolute dev URL would break the browser). They are separate lists so an operator can spread production traffic
 * over several nodes (server env SA_HOSTS) without touching development (SA_DEV_HOSTS); see {@link parseHostWeights}.
 */
export const DEFAULT_HOSTS: Readonly<Record<HostEnvironment, Readonly<HostWeights>>> = Object.freeze({
  production: Object.freeze({ '': 1 }),
  development: Object.freeze({ '': 1 }),
});

/** The host list for an environment: `override` when it lists at least one usable host, else the built-in list. */
export function hostsFor(env: HostEnvironment, override?: HostWeights | null): HostWeights {
  if (override && activeHosts(override).length > 0) return { ...override };
  return { ...DEFAULT_HOSTS[env] };
}

/**
 * Parses a host list written as `host=weight` pairs separated by commas, e.g.
 * `https://a.example=3,https://b.example=1`; a pair without `=weight` gets weight 1.
 * @throws Error naming the bad pair when a weight is not a number.
 */
export function parseHostWeights(text: string): HostWeights {
  const hosts: HostWeights = {};
  for (const raw of text.split(',')) {
    const pair = raw.trim();
    if (!pair) continue;
    const eq = pair.lastIndexOf('=');
    const host = (eq < 0 ? pair : pair.slice(0, eq)).trim().replace(/\/+$/, '');
    const weight = eq < 0 ? 1 : Number(pair.slice(eq + 1).trim());
    if (!Number.isFinite(weight)) throw new Error(`Host list entry "${pair}": weight is not a number`);
    hosts[host] = weight;
  }
  return hosts;
}

/** The hosts that take part in the draw, with their weights, in the map's order. */
export function activeHosts(hosts: HostWeights): Array<[string, number]> {
  return Object.entries(hosts).filter(([, w]) => typeof w === 'number' && Number.isFinite(w) && w > 0);
}

/**
 * Picks one host at random, with probability proportional to its weight.
 * @param random returns a number in [0, 1) like Math.random (injectable for tests).
 * @throws Error when no host has a positive weight (the list is empty or all weights are ≤ 0).
 */
export function pickWeightedHost(hosts: HostWeights, random: () => number = Math.random): string {
  const active = activeHosts(hosts);
  if (active.length === 0) {
    throw new Error(`No host with a positive weight to pick from (${Object.keys(hosts).length} host(s) listed)`);
  }
  const total = active.reduce((sum, [, w]) => sum + w, 0);
  // Clamp: a faulty random() outside [0, 1) must still give a listed host.
  const r = Math.min(Math.max(random(), 0), 1 - Number.EPSILON) * total;
  let acc = 0;
  for (const [host, weight] of active) {
    acc += weight;
    if (r < acc) return host;
  }
  // Floating-point rounding can leave r just above the last sum.
  return active[active.length - 1][0];
}
