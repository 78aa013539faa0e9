/**
 * Who may use the server: on loopback, only requests addressed to loopback names (DNS rebinding);
 * with a token configured, only requests that carry it.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { BlockList, isIP } from "node:net";
import { HttpError } from "./http-error.js";

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

/**
 * Whether `address` — as the bound socket reports it, or a Host header's name — is this machine's
 * loopback: 127.0.0.0/8, ::1, and both as IPv4-mapped IPv6 (::ffff:127.0.0.1). Decided on the
 * address, so every spelling of it counts (LOCALHOST, 127.1 and 0:0:0:0:0:0:0:1 all bind one).
 */
export function isLoopbackAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/gu, "");
  const family = isIP(bare);
  if (family === 0) return bare.toLowerCase() === "localhost";
  return LOOPBACK.check(bare, family === 4 ? "ipv4" : "ipv6");
}

/** The Host header names a loopback address (or there is none, as from HTTP/1.0 clients). */
export function isLoopbackHostHeader(header: string | undefined): boolean {
  if (header === undefined) return true;
  let hostname: string;
  try {
    // The URL parser reads every spelling of an address (127.1, [0::1], 0x7f.1) as the address.
    hostname = new URL(`http://${header}`).hostname;
  } catch {
    return false;
  }
  return isLoopbackAddress(hostname);
}

/**
 * On loopback, a page the user visits could still reach the server through DNS rebinding; its
 * requests carry the attacker's host name, so only loopback names are answered. `boundToLoopback`
 * is what the listening socket is bound to, not how the address was written.
 */
export function guardHost(boundToLoopback: boolean, hostHeader: string | undefined): void {
  if (boundToLoopback && !isLoopbackHostHeader(hostHeader)) {
    throw new HttpError(
      403,
      "FORBIDDEN_HOST",
      "this server only answers requests addressed to 127.0.0.1, [::1] or localhost",
    );
  }
}

/**
 * A check of `Authorization: Bearer <token>` against the configured token, in constant time (both
 * sides hashed first, so not even the length shows). Without a token, every request passes.
 */
export function bearerCheck(token: string | undefined): (authorization: string | undefined) => void {
  if (token === undefined) return () => {};
  const expected = digest(token);
  return (authorization) => {
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/iu.exec(authorization ?? "");
    if (!match?.[1] || !timingSafeEqual(digest(match[1]), expected)) {
      throw new HttpError(
        401,
        "UNAUTHORIZED",
        authorization === undefined
          ? "this server asks for a token: send Authorization: Bearer <token>"
          : "the token is not the one this server asks for",
        { "www-authenticate": 'Bearer realm="core-search"' },
      );
    }
  };
}

const digest = (text: string) => createHash("sha256").update(text).digest();
