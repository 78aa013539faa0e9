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

/**
 * The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::a.b.c.d) IPv6
 * address, in either spelling: a connection to it reaches that IPv4 address.
 */
function embeddedIpv4(address: string): string | undefined {
  const match = /^(?:::ffff:(?:0:)?|64:ff9b::)(.+)$/i.exec(address);
  if (!match) return undefined;
  const tail = match[1] ?? "";
  if (isIP(tail) === 4) return tail;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(tail);
  if (!hex) return undefined;
  const high = Number.parseInt(hex[1] ?? "0", 16);
  const low = Number.parseInt(hex[2] ?? "0", 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** True for an address of the public internet; false for anything blocked or not an address. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = isIP(bare);
  if (family === 0) return false;
  if (family === 6) {
    const inner = embeddedIpv4(bare);
    if (inner !== undefined) return isPublicAddress(inner);
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

/**
 * A `lookup` for socket connections that resolves as usual and keeps only the addresses the policy
 * allows: the check is on the address the socket then connects to, so a name that changes its
 * answer between a check and the connection (DNS rebinding) gains nothing. `onRefused` hears of a
 * name left with no allowed address.
 */
export function checkedLookup(allowed: AddressAllowed, onRefused: (refusal: AddressRefused) => void) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
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
