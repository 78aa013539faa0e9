import type { LookupAddress } from "node:dns";
import { describe, expect, it } from "vitest";
import {
  type AddressRefused,
  checkedLookup,
  isPublicAddress,
  type Resolve,
} from "../../src/http/address-policy.js";

/**
 * IPv6 addresses that carry an IPv4 address, each with a private one (refused) and a public one
 * (allowed): a connection to them reaches the IPv4 address, so that address decides.
 */
const EMBEDDED: [form: string, refused: string[], allowed: string[]][] = [
  [
    "IPv4-compatible (::/96)",
    ["::127.0.0.1", "::7f00:1", "0:0:0:0:0:0:a00:1", "::169.254.169.254"],
    ["::8.8.8.8", "::808:808"],
  ],
  [
    "IPv4-mapped (::ffff:0:0/96)",
    ["::ffff:127.0.0.1", "::ffff:7f00:1", "0:0:0:0:0:ffff:c0a8:1", "::ffff:a9fe:a9fe"],
    ["::ffff:8.8.8.8", "::ffff:808:808"],
  ],
  [
    "IPv4-translated (::ffff:0:0:0/96)",
    ["::ffff:0:127.0.0.1", "::ffff:0:a00:1", "0:0:0:0:ffff:0:ac10:1"],
    ["::ffff:0:8.8.8.8", "::ffff:0:808:808"],
  ],
  [
    "NAT64 (64:ff9b::/96)",
    ["64:ff9b::127.0.0.1", "64:ff9b::a9fe:a9fe", "64:ff9b::10.0.0.1"],
    ["64:ff9b::8.8.8.8", "64:ff9b::808:808"],
  ],
  [
    "6to4 (2002::/16)",
    ["2002:7f00:1::", "2002:a00:1::1", "2002:c0a8:101:1::1", "2002:c058:6301::"],
    ["2002:808:808::1", "2002:5db8:d822:1::5"],
  ],
  [
    "Teredo (2001::/32), server and client (inverted) both checked",
    [
      // The client 127.0.0.1 behind a public server.
      "2001:0:4136:e378::80ff:fffe",
      // The client 10.0.0.1.
      "2001:0:4136:e378:8000:63bf:f5ff:fffe",
      // A private server (10.0.0.1) for a public client (8.8.8.8).
      "2001:0:a00:1:8000:63bf:f7f7:f7f7",
      // RFC 4380's example: the client is a documentation address.
      "2001:0:4136:e378:8000:63bf:3fff:fdd2",
    ],
    ["2001:0:4136:e378:8000:63bf:f7f7:f7f7"],
  ],
];

describe("isPublicAddress", () => {
  it("blocks this host, private networks, metadata services and mapped forms of them", () => {
    for (const address of [
      "127.0.0.1",
      "10.0.0.1",
      "172.16.5.4",
      "192.168.0.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "::1",
      "fe80::1",
      "fd00:ec2::254",
      "::ffff:127.0.0.1",
      "::ffff:a9fe:a9fe",
      "not-an-address",
    ])
      expect(isPublicAddress(address), address).toBe(false);
    for (const address of ["8.8.8.8", "93.184.216.34", "2606:4700::1111", "::ffff:8.8.8.8"])
      expect(isPublicAddress(address), address).toBe(true);
  });

  it.each(EMBEDDED)("decides %s by the IPv4 address inside", (_form, refused, allowed) => {
    for (const address of refused) expect(isPublicAddress(address), address).toBe(false);
    for (const address of allowed) expect(isPublicAddress(address), address).toBe(true);
  });

  it("takes addresses in brackets, with a zone, and in capitals", () => {
    expect(isPublicAddress("[::127.0.0.1]")).toBe(false);
    expect(isPublicAddress("::FFFF:7F00:1")).toBe(false);
    expect(isPublicAddress("::7f00:1%eth0")).toBe(false);
    expect(isPublicAddress("[2002:808:808::1]")).toBe(true);
  });

  it("refuses the local-use NAT64 range whatever it carries, where it sits depends on the network", () => {
    for (const address of ["64:ff9b:1::127.0.0.1", "64:ff9b:1::8.8.8.8", "64:ff9b:1:808:8:800::"])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it("still refuses the rest of 2001::/23, the unspecified address and loopback", () => {
    for (const address of ["2001:2::1", "2001:10::1", "::", "::1", "0:0:0:0:0:0:0:1", "3fff::1"])
      expect(isPublicAddress(address), address).toBe(false);
    expect(isPublicAddress("2606:4700::1111")).toBe(true);
  });
});

describe("checkedLookup", () => {
  /** A resolver that answers every name with these addresses. */
  const resolvesTo =
    (...addresses: string[]): Resolve =>
    (_hostname, _options, callback) =>
      callback(
        null,
        addresses.map((address): LookupAddress => ({ address, family: address.includes(":") ? 6 : 4 })),
      );

  const look = (resolve: Resolve) =>
    new Promise<{ error: Error | null; address: unknown; refused: AddressRefused | undefined }>((done) => {
      let refused: AddressRefused | undefined;
      checkedLookup(
        isPublicAddress,
        (refusal) => {
          refused = refusal;
        },
        resolve,
      )("pages.example", {}, (error, address) => done({ error, address, refused }));
    });

  it("refuses a name that resolves only to IPv6 forms of private IPv4 addresses", async () => {
    const result = await look(resolvesTo("::7f00:1", "64:ff9b::a9fe:a9fe", "2002:a00:1::1"));
    expect(result.error).toMatchObject({ code: "EADDRREFUSED" });
    expect(result.refused?.message).toBe("pages.example resolves to ::7f00:1, a private or reserved address");
  });

  it("connects to the address whose embedded IPv4 address is public, skipping the others", async () => {
    const result = await look(resolvesTo("::ffff:7f00:1", "2002:808:808::1"));
    expect(result).toEqual({ error: null, address: "2002:808:808::1", refused: undefined });
  });
});
