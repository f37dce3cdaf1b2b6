import { describe, expect, it } from 'vitest';
import { clientOrigin, normaliseAddress, parseTrustProxy } from './trusted-proxies';

describe('parseTrustProxy', () => {
  it('reads groups, addresses and CIDR ranges separated by commas or spaces', () => {
    const proxies = parseTrustProxy(' loopback,10.1.0.0/16  192.0.2.7 2001:db8::/32 ');
    expect(proxies.entries).toEqual(['loopback', '10.1.0.0/16', '192.0.2.7', '2001:db8::/32']);
    expect(proxies.trusts('127.0.0.1')).toBe(true);
    expect(proxies.trusts('127.9.9.9')).toBe(true);
    expect(proxies.trusts('::1')).toBe(true);
    expect(proxies.trusts('::ffff:127.0.0.1')).toBe(true);
    expect(proxies.trusts('10.1.255.3')).toBe(true);
    expect(proxies.trusts('10.2.0.1')).toBe(false);
    expect(proxies.trusts('192.0.2.7')).toBe(true);
    expect(proxies.trusts('192.0.2.8')).toBe(false);
    expect(proxies.trusts('2001:db8:1::5')).toBe(true);
    expect(proxies.trusts('2001:db9::5')).toBe(false);
    expect(proxies.trusts('not-an-ip')).toBe(false);
  });

  it('"private" covers RFC 1918 and unique local IPv6, not public or loopback addresses', () => {
    const proxies = parseTrustProxy('private');
    for (const ip of ['10.0.0.1', '172.16.0.1', '172.31.255.254', '192.168.1.1', 'fd00::1'])
      expect(proxies.trusts(ip)).toBe(true);
    for (const ip of ['172.32.0.1', '8.8.8.8', '127.0.0.1', '2001:db8::1']) expect(proxies.trusts(ip)).toBe(false);
  });

  it('unset or empty trusts nobody', () => {
    expect(parseTrustProxy(undefined).trusts('127.0.0.1')).toBe(false);
    expect(parseTrustProxy('  ').entries).toEqual([]);
  });

  it.each(['everyone', 'true', '10.0.0.0/33', '::/129', '300.1.1.1', '10.0.0.0/8/1', '10.0.0.0/x', 'example.com'])(
    'rejects %s with a message naming it',
    (value) => {
      expect(() => parseTrustProxy(`loopback,${value}`)).toThrow(
        `"${value}" is not an IP address, a CIDR range, "loopback" or "private"`,
      );
    },
  );
});

describe('normaliseAddress', () => {
  it.each([
    ['::ffff:10.0.0.1', '10.0.0.1'],
    ['10.0.0.1:5123', '10.0.0.1'],
    ['[2001:DB8::1]:443', '2001:db8::1'],
    ['[::1]', '::1'],
    [' 203.0.113.5 ', '203.0.113.5'],
    ['unknown', null],
    ['', null],
  ])('%s → %s', (raw, expected) => {
    expect(normaliseAddress(raw)).toBe(expected);
  });
});

describe('clientOrigin', () => {
  const proxies = parseTrustProxy('loopback, 10.0.0.0/8');

  it('ignores forwarded headers from an untrusted peer', () => {
    expect(clientOrigin({ peer: '203.0.113.9', forwardedFor: '1.2.3.4', forwardedProto: 'https' }, proxies)).toEqual({
      address: '203.0.113.9',
      forwardedHttps: false,
    });
    // Without TRUST_PROXY even loopback is just the client.
    expect(
      clientOrigin({ peer: '::ffff:127.0.0.1', forwardedFor: '1.2.3.4' }, parseTrustProxy(undefined)).address,
    ).toBe('127.0.0.1');
  });

  it('takes the rightmost untrusted hop behind trusted proxies', () => {
    // The client wrote "6.6.6.6" itself; nginx appended the real peer 198.51.100.4, an inner
    // proxy at 10.0.0.2 added itself, and the shop sees 127.0.0.1.
    const origin = clientOrigin(
      { peer: '127.0.0.1', forwardedFor: '6.6.6.6, 198.51.100.4, 10.0.0.2', forwardedProto: 'https' },
      proxies,
    );
    expect(origin).toEqual({ address: '198.51.100.4', forwardedHttps: true });
  });

  it('falls back to the leftmost hop when every hop is trusted, and to the peer without a header', () => {
    expect(clientOrigin({ peer: '127.0.0.1', forwardedFor: '10.0.0.7, 10.0.0.2' }, proxies).address).toBe('10.0.0.7');
    expect(clientOrigin({ peer: '127.0.0.1', forwardedFor: null }, proxies).address).toBe('127.0.0.1');
    expect(clientOrigin({ peer: '127.0.0.1', forwardedFor: ' , ' }, proxies).address).toBe('127.0.0.1');
  });

  it('stops at a malformed hop and keeps the last good one', () => {
    expect(clientOrigin({ peer: '127.0.0.1', forwardedFor: '198.51.100.4, <script>, 10.0.0.2' }, proxies).address).toBe(
      '10.0.0.2',
    );
  });

  it('reads the first X-Forwarded-Proto value, case-insensitively', () => {
    expect(clientOrigin({ peer: '10.0.0.2', forwardedProto: 'HTTPS, http' }, proxies).forwardedHttps).toBe(true);
    expect(clientOrigin({ peer: '10.0.0.2', forwardedProto: 'http' }, proxies).forwardedHttps).toBe(false);
  });

  it("answers 'unknown' without a peer", () => {
    expect(clientOrigin({ peer: undefined, forwardedFor: '1.2.3.4' }, proxies)).toEqual({
      address: 'unknown',
      forwardedHttps: false,
    });
  });
});
