// Decides whether a host name, as the WHATWG URL parser leaves it in `URL.hostname`, points to a network
// that a public feed reader must never reach: loopback, private, link-local, CGNAT, multicast, reserved,
// and the names that only mean something inside a network. safe-fetch.ts applies the verdict to every
// URL and every redirect hop; the allow-list of local test hosts is its business, not this module's.
//
// The URL parser already turns every IPv4 spelling (2130706433, 0x7f000001, 0177.0.0.1, 127.1, a trailing
// dot) into a dotted quad and every IPv6 literal into its compressed lower-case form. We parse the loose
// forms again anyway, so the check never depends on a caller having normalised the host first.
//
// What this cannot see: a public name whose DNS answer is a private address (or DNS rebinding). Workers
// cannot resolve a name before fetching it, so that check is impossible at this layer; Cloudflare's egress
// does not route to our account's RFC 1918 space, which is the backstop.

/** CIDR blocks of IPv4 space that is not globally reachable (IANA special-purpose registry, RFC 6890). */
const PRIVATE_V4: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // "this network", RFC 1122 §3.2.1.3 (0.0.0.0 reaches the local host on Linux)
  ['10.0.0.0', 8], // private, RFC 1918
  ['100.64.0.0', 10], // carrier-grade NAT, RFC 6598
  ['127.0.0.0', 8], // loopback, RFC 1122
  ['169.254.0.0', 16], // link-local, RFC 3927 (cloud metadata services live at 169.254.169.254)
  ['172.16.0.0', 12], // private, RFC 1918
  ['192.0.0.0', 24], // IETF protocol assignments, RFC 6890
  ['192.0.2.0', 24], // TEST-NET-1, RFC 5737
  ['192.88.99.0', 24], // 6to4 relay anycast, RFC 7526
  ['192.168.0.0', 16], // private, RFC 1918
  ['198.18.0.0', 15], // benchmarking, RFC 2544
  ['198.51.100.0', 24], // TEST-NET-2, RFC 5737
  ['203.0.113.0', 24], // TEST-NET-3, RFC 5737
  ['224.0.0.0', 4], // multicast, RFC 5771
  ['240.0.0.0', 4], // reserved, RFC 1112 §4 (includes the broadcast address 255.255.255.255)
];

const PRIVATE_V4_RANGES = PRIVATE_V4.map(([base, bits]) => {
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return { network: (parseIPv4(base) ?? 0) & mask, mask };
});

/**
 * Names that resolve only inside a network: localhost (RFC 6761 §6.3), .local (mDNS, RFC 6762), .internal
 * (reserved for private use by ICANN in 2024; metadata.google.internal is one), .home.arpa (RFC 8375) and
 * the .localdomain that many /etc/hosts files carry.
 */
const PRIVATE_SUFFIXES = ['localhost', 'local', 'internal', 'home.arpa', 'localdomain'];

/** True when the host must not be fetched: a private or reserved address, or a network-internal name. */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.+$/, '');
  if (host === '') return true;
  if (host.startsWith('[') || host.includes(':')) {
    const groups = parseIPv6(host.replace(/^\[|\]$/g, ''));
    return groups === null || isPrivateIPv6(groups);
  }
  const v4 = parseIPv4(host);
  if (v4 !== null) return isPrivateIPv4(v4);
  // A host whose last label is a number but is no valid address: the URL parser refuses these, and so do we.
  if (/^(?:0x[0-9a-f]*|\d+)$/.test(host.slice(host.lastIndexOf('.') + 1))) return true;
  // A single label ("intranet", "metadata") is completed by the resolver's search domains, i.e. inside
  // the network (RFC 1535); GCP's metadata server answers to plain "metadata".
  if (!host.includes('.')) return true;
  return PRIVATE_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));
}

/**
 * An IPv4 address in any spelling the WHATWG URL standard accepts (§3.5 "IPv4 parser"): one to four parts
 * separated by dots, each decimal, octal (leading 0) or hex (0x), the last part filling the remaining
 * bytes, so 127.1, 2130706433, 0x7f000001 and 0177.0.0.1 are all 127.0.0.1. Null when it is not one.
 */
export function parseIPv4(host: string): number | null {
  const parts = host.split('.');
  if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  if (parts.length === 0 || parts.length > 4) return null;
  const numbers: number[] = [];
  for (const part of parts) {
    const n = parseIPv4Number(part);
    if (n === null) return null;
    numbers.push(n);
  }
  const last = numbers.pop() ?? 0;
  if (numbers.some((n) => n > 255) || last >= 256 ** (4 - numbers.length)) return null;
  let address = last;
  numbers.forEach((n, i) => {
    address += n * 256 ** (3 - i);
  });
  return address;
}

function parseIPv4Number(part: string): number | null {
  if (part === '') return null;
  let digits = part;
  let radix = 10;
  if (/^0x/i.test(part)) {
    digits = part.slice(2);
    radix = 16;
    if (digits === '') return 0;
  } else if (part.length > 1 && part.startsWith('0')) {
    digits = part.slice(1);
    radix = 8;
  }
  const pattern = radix === 16 ? /^[0-9a-f]+$/i : radix === 8 ? /^[0-7]+$/ : /^[0-9]+$/;
  if (!pattern.test(digits)) return null;
  const n = Number.parseInt(digits, radix);
  return Number.isSafeInteger(n) ? n : null;
}

export function isPrivateIPv4(address: number): boolean {
  return PRIVATE_V4_RANGES.some(({ network, mask }) => (address & mask) >>> 0 === network >>> 0);
}

/** The eight 16-bit groups of an IPv6 literal (RFC 4291 §2.2, with an embedded dotted quad); null if invalid. */
export function parseIPv6(text: string): number[] | null {
  if (text.includes('%')) return null; // zone ids name a local interface (RFC 6874): never public
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = splitGroups(halves[0] ?? '');
  const tail = halves.length === 2 ? splitGroups(halves[1] ?? '') : [];
  if (head === null || tail === null) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  return missing < 1 ? null : [...head, ...new Array<number>(missing).fill(0), ...tail];
}

function splitGroups(text: string): number[] | null {
  if (text === '') return [];
  const out: number[] = [];
  const pieces = text.split(':');
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i] ?? '';
    if (i === pieces.length - 1 && piece.includes('.')) {
      if (!/^\d{1,3}(?:\.\d{1,3}){3}$/.test(piece)) return null;
      const v4 = parseIPv4(piece.replace(/(^|\.)0+(?=\d)/g, '$1'));
      if (v4 === null) return null;
      out.push(v4 >>> 16, v4 & 0xffff);
    } else {
      if (!/^[0-9a-f]{1,4}$/i.test(piece)) return null;
      out.push(Number.parseInt(piece, 16));
    }
  }
  return out;
}

const embeddedV4 = (high: number, low: number) => high * 0x10000 + low;

export function isPrivateIPv6(g: number[]): boolean {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const zeroPrefix = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0;
  // ::/96 holds the unspecified address ::, loopback ::1 and the deprecated IPv4-compatible ::a.b.c.d
  // (RFC 4291 §2.5.5.1); ::ffff:0:0/96 the IPv4-mapped addresses (§2.5.5.2), which reach the IPv4 host.
  if (zeroPrefix && g4 === 0 && g5 === 0) return g6 === 0 || isPrivateIPv4(embeddedV4(g6, g7));
  if (zeroPrefix && g4 === 0 && g5 === 0xffff) return isPrivateIPv4(embeddedV4(g6, g7));
  // ::ffff:0:a.b.c.d, the IPv4-translated form of SIIT (RFC 2765 §2.1).
  if (zeroPrefix && g4 === 0xffff && g5 === 0) return isPrivateIPv4(embeddedV4(g6, g7));
  // NAT64: the well-known prefix 64:ff9b::/96 carries an IPv4 address (RFC 6052 §2.1); the local-use
  // prefix 64:ff9b:1::/48 (RFC 8215) is a network's own.
  if (g0 === 0x64 && g1 === 0xff9b) {
    if (g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return isPrivateIPv4(embeddedV4(g6, g7));
    return true;
  }
  // 6to4 (RFC 3056 §2): 2002:AABB:CCDD::/48 tunnels to the IPv4 address AA.BB.CC.DD.
  if (g0 === 0x2002) return isPrivateIPv4(embeddedV4(g1, g2));
  // Teredo (RFC 4380, 2001::/32) hides an obfuscated IPv4 client address; documentation (RFC 3849).
  if (g0 === 0x2001 && (g1 === 0 || g1 === 0xdb8)) return true;
  // Only global unicast 2000::/3 is public (RFC 4291 §2.4); this excludes unique-local fc00::/7 (RFC 4193),
  // link-local fe80::/10, the old site-local fec0::/10, multicast ff00::/8 and the discard prefix 100::/64.
  return (g0 & 0xe000) !== 0x2000;
}
