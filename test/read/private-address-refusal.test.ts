import { describe, expect, it } from "vitest";
import { ReadFailure } from "../../src/errors.js";
import { fetchPage } from "../../src/read/fetch-page.js";
import { runCliWith } from "../helpers/run-cli.js";

// Nothing listens on port 1, and a refused address is never connected to.
const SETTING = "CORE_SEARCH_ALLOW_PRIVATE_ADDRESSES=1";

async function refusal(address: string): Promise<ReadFailure> {
  const error = await fetchPage(address).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ReadFailure);
  return error as ReadFailure;
}

describe("a refused private address names the setting that allows it", () => {
  it.each([
    ["a literal address", "http://127.0.0.1:1/"],
    ["a literal IPv6 address", "http://[::1]:1/"],
    ["a name that resolves to one", "http://localhost:1/"],
  ])("%s: %s", async (_, address) => {
    const error = await refusal(address);
    expect(error.reason).toBe("private_address");
    expect(error.message).toMatch(/private or reserved address/);
    expect(error.message).toContain(SETTING);
  });

  it("core-search read says it on stderr, with exit 2", async () => {
    const { code, stdout, stderr } = await runCliWith(["read", "http://127.0.0.1:1/"], {
      CORE_SEARCH_KEYLESS: "off",
    });
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toContain(SETTING);
  });
});
