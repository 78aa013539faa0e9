import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import { BlockList, isIP } from "node:net";
import { readDataFile } from "../util/read-data-file.js";

/**
 * Which addresses a page read may connect to. A page's address comes from the web (a search result,
 * a redirect), so by default nothing on this host, its networks or a cloud metadata service is
 * reachable through it (src/data/blocked-addresses.json); intranet users and tests allow them.
 */
export type AddressAllowed = (address: string) => boolean;

let blocked: BlockList | undefined;

function blockList(): BlockList {
  if (blocked) return blocked;
  const file = readDataFile("blocked-addresses.json") as { ipv4: string[]; ipv6: string[] };
  const list = new BlockList();
  const add = (range: string, type: "ipv4" | "ipv6") => {
    const [network = "", prefix = ""] = range.split("/");
    list.addSubnet(network, Number(prefix), type);
  };
  for (const range of file.ipv4) add(range, "ipv4");
  for (const range of file.ipv6) add(range, "ipv6");
  blocked = list;
  return list;
}

/** The eight 16-bit groups of an IPv6 address, read from the URL parser's canonical spelling (hex, `::`-compressed). */
function ipv6Groups(address: string): number[] {
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  const [head = "", tail = ""] = canonical.split("::");
  const groups = (part: string) =>
    part === "" ? [] : part.split(":").map((hex) => Number.parseInt(hex, 16));
  const left = groups(head);
  const right = groups(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

const ipv4Of = (high: number, low: number): string => [high >> 8, high & 255, low >> 8, low & 255].join(".");

/**
 * The IPv4 addresses an IPv6 address carries, when a connection to it reaches them: IPv4-compatible
 * (::a.b.c.d), IPv4-mapped (::ffff:a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d), NAT64 (64:ff9b::/96),
 * 6to4 (2002::/16, the IPv4 address in bits 16–47) and Teredo (2001::/32: the server's IPv4 address in
 * bits 32–63, the client's inverted in the last 32 bits). Undefined for any other address. The
 * local-use NAT64 prefix (64:ff9b:1::/48) is not read: where its IPv4 address sits depends on the
 * network's own prefix length, so the block list refuses the whole range.
 */
function embeddedIpv4(address: string): string[] | undefined {
  const groups = ipv6Groups(address);
  const is = (index: number, value: number) => groups[index] === value;
  const zero = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  // Teredo hides the client's address from NATs by inverting its bits.
  const ipv4At = (index: number, invert = 0) =>
    ipv4Of((groups[index] ?? 0) ^ invert, (groups[index + 1] ?? 0) ^ invert);
  if (zero(0, 5) && (is(5, 0) || is(5, 0xffff))) return [ipv4At(6)];
  if (zero(0, 4) && is(4, 0xffff) && is(5, 0)) return [ipv4At(6)];
  if (is(0, 0x64) && is(1, 0xff9b) && zero(2, 6)) return [ipv4At(6)];
  if (is(0, 0x2002)) return [ipv4At(1)];
  if (is(0, 0x2001) && is(1, 0)) return [ipv4At(2), ipv4At(6, 0xffff)];
  return undefined;
}

/**
 * True for an address of the public internet; false for anything blocked or not an address. An IPv6
 * address that carries IPv4 addresses is decided by them: public only when each of them is.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = isIP(bare);
  if (family === 0) return false;
  if (family === 6) {
    let inner: string[] | undefined;
    try {
      inner = embeddedIpv4(bare);
    } catch {
      return false;
    }
    if (inner !== undefined) return inner.every(isPublicAddress);
  }
  return !blockList().check(bare, family === 4 ? "ipv4" : "ipv6");
}

export const anyAddress: AddressAllowed = () => true;

/** A refused connection: which host resolved to which address the policy does not allow. */
export class AddressRefused extends Error {
  readonly host: string;
  readonly address: string;

  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, a private or reserved address`);
    this.name = "AddressRefused";
    this.host = host;
    this.address = address;
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** Resolves a name to all its addresses, as `dns.lookup` does with `all: true`. */
export type Resolve = (
  hostname: string,
  options: LookupOptions & { all: true },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/**
 * A `lookup` for socket connections that resolves as usual and keeps only the addresses the policy
 * allows: the check is on the address the socket then connects to, so a name that changes its
 * answer between a check and the connection (DNS rebinding) gains nothing. `onRefused` hears of a
 * name left with no allowed address. `resolve` is the system resolver unless a test gives its own.
 */
export function checkedLookup(
  allowed: AddressAllowed,
  onRefused: (refusal: AddressRefused) => void,
  resolve: Resolve = dnsLookup,
) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) {
        callback(error, "");
        return;
      }
      const kept = addresses.filter((a) => allowed(a.address));
      const first = kept[0];
      if (first === undefined) {
        const refusal = new AddressRefused(hostname, addresses[0]?.address ?? "no address");
        onRefused(refusal);
        callback(Object.assign(refusal, { code: "EADDRREFUSED" }), "");
        return;
      }
      if (options.all) callback(null, kept);
      else callback(null, first.address, first.family);
    });
  };
}
