/**
 * TRUST_PROXY: which socket peers are reverse proxies whose X-Forwarded-For / X-Forwarded-Proto
 * the shop believes (docs/decisions/015-scale-out.md). Without it every forwarded header is
 * ignored: a client could otherwise pick its own address and step around every rate limit.
 */
import { BlockList, isIP } from 'node:net';

/** Named groups a TRUST_PROXY list may use besides addresses and CIDR ranges. */
const GROUPS: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  // RFC 1918 and IPv6 unique local addresses: proxies inside a private network.
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

export class TrustedProxies {
  private readonly list = new BlockList();

  constructor(
    /** The entries as given (for logs and tests). */
    readonly entries: readonly string[],
  ) {
    for (const entry of entries) {
      for (const range of GROUPS[entry] ?? [entry]) {
        const [address, bits] = range.split('/') as [string, string | undefined];
        const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
        if (bits === undefined) this.list.addAddress(address, family);
        else this.list.addSubnet(address, Number(bits), family);
      }
    }
  }

  get isEmpty(): boolean {
    return this.entries.length === 0;
  }

  /** Whether `address` (any spelling Node gives a socket peer) is one of the trusted proxies. */
  trusts(address: string | undefined): boolean {
    const ip = address === undefined ? null : normaliseAddress(address);
    if (!ip || this.isEmpty) return false;
    return this.list.check(ip, isIP(ip) === 6 ? 'ipv6' : 'ipv4');
  }
}

/**
 * Reads a TRUST_PROXY value: entries separated by commas or spaces, each `loopback`, `private`,
 * an IP address or a CIDR range. Throws a RangeError naming the first bad entry.
 */
export function parseTrustProxy(value: string | undefined): TrustedProxies {
  const entries = (value ?? '')
    .split(/[\s,]+/)
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  for (const entry of entries) {
    if (entry in GROUPS) continue;
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const max = family === 6 ? 128 : 32;
    const bitsOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= max);
    if (!family || !bitsOk || extra !== undefined) {
      throw new RangeError(`"${entry}" is not an IP address, a CIDR range, "loopback" or "private"`);
    }
  }
  return new TrustedProxies([...new Set(entries)]);
}

/**
 * An address as compared and stored: IPv4-mapped IPv6 (`::ffff:10.0.0.1`, what a dual-stack
 * socket reports) becomes plain IPv4; brackets and a port are dropped. null when not an address.
 */
export function normaliseAddress(raw: string): string | null {
  let value = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(':'));
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(value);
  if (mapped) value = mapped[1]!;
  return isIP(value) ? value.toLowerCase() : null;
}

/** The first value of a comma-separated header, or the header itself. */
function firstValue(header: string | null | undefined): string | undefined {
  return header?.split(',')[0]?.trim() || undefined;
}

export interface ForwardedRequest {
  /** The socket peer as Node saw it. */
  peer: string | undefined;
  forwardedFor?: string | null;
  forwardedProto?: string | null;
}

export interface ClientOrigin {
  /** The client's address for rate limits, sessions and logs ('unknown' without a peer). */
  address: string;
  /** The client reached the outermost trusted proxy over HTTPS (X-Forwarded-Proto). */
  forwardedHttps: boolean;
}

/**
 * Who is asking. Only a trusted peer's X-Forwarded-For counts, read from the right: each trusted
 * hop is skipped and the first untrusted one is the client (anything left of it was written by
 * the client itself and proves nothing). A malformed hop ends the walk at the last good one.
 */
export function clientOrigin(request: ForwardedRequest, proxies: TrustedProxies): ClientOrigin {
  const peer = request.peer === undefined ? null : (normaliseAddress(request.peer) ?? request.peer);
  if (!peer) return { address: 'unknown', forwardedHttps: false };
  if (!proxies.trusts(peer)) return { address: peer, forwardedHttps: false };
  let address = peer;
  const hops = (request.forwardedFor ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = normaliseAddress(hops[i]!);
    if (!hop) break;
    address = hop;
    if (!proxies.trusts(hop)) break;
  }
  return { address, forwardedHttps: firstValue(request.forwardedProto)?.toLowerCase() === 'https' };
}
