import { describe, expect, it } from "vitest";
import {
  bearerCheck,
  isLoopbackAddress,
  isLoopbackHostHeader,
} from "../../../src/interfaces/server/access.js";

describe("isLoopbackAddress", () => {
  it.each([
    ["127.0.0.1", true],
    ["127.255.0.9", true],
    ["::1", true],
    ["[::1]", true],
    ["::ffff:127.0.0.1", true],
    ["::ffff:7f00:1", true],
    ["localhost", true],
    ["LocalHost", true],
    ["0.0.0.0", false],
    ["::", false],
    ["10.0.0.1", false],
    ["::ffff:10.0.0.1", false],
    ["128.0.0.1", false],
    ["attacker.example", false],
  ])("%s → %s", (address, loopback) => {
    expect(isLoopbackAddress(address)).toBe(loopback);
  });
});

describe("isLoopbackHostHeader: every spelling of loopback, nothing else", () => {
  it.each([
    [undefined, true],
    ["localhost:8787", true],
    ["LOCALHOST", true],
    ["127.1:8787", true],
    ["0x7f.1", true],
    ["2130706433", true],
    ["[0:0:0:0:0:0:0:1]:8787", true],
    ["[::ffff:127.0.0.1]", true],
    ["attacker.example", false],
    ["127.0.0.1.nip.io", false],
    ["localhost.attacker.example", false],
    ["[::ffff:10.0.0.1]", false],
    ["not a host at all", false],
  ])("%s → %s", (header, loopback) => {
    expect(isLoopbackHostHeader(header)).toBe(loopback);
  });
});

describe("bearerCheck", () => {
  const TOKEN = "0123456789abcdef0123";
  const check = bearerCheck(TOKEN);

  it.each([`Bearer ${TOKEN}`, `bearer ${TOKEN}`, `Bearer  ${TOKEN} `])("lets %j through", (header) => {
    expect(() => check(header)).not.toThrow();
  });

  it.each([
    [undefined, /asks for a token/],
    ["", /not the one/],
    [TOKEN, /not the one/],
    [`Basic ${TOKEN}`, /not the one/],
    [`Bearer ${TOKEN}0`, /not the one/],
    [`Bearer ${TOKEN.slice(1)}`, /not the one/],
    [`Bearer ${TOKEN.toUpperCase()}`, /not the one/],
  ])("answers %j with 401 and WWW-Authenticate", (header, message) => {
    expect(() => check(header)).toThrow(message);
    try {
      check(header);
    } catch (error) {
      expect(error).toMatchObject({
        status: 401,
        code: "UNAUTHORIZED",
        headers: { "www-authenticate": /^Bearer/ },
      });
    }
  });

  it("lets everything through when no token is set", () => {
    expect(() => bearerCheck(undefined)(undefined)).not.toThrow();
  });
});
