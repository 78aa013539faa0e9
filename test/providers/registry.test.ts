import { describe, expect, it } from "vitest";
import { ratesOf } from "../../src/chain/rate-limiter.js";
import { loadConfig } from "../../src/config/config.js";
import { createHttpClient } from "../../src/http/http-client.js";
import { createProviders, PROVIDER_FACTORIES } from "../../src/providers/create-providers.js";
import { KEY_VARIABLES, PROVIDER_ROWS } from "../../src/providers/registry.js";
import { PROVIDER_NAMES } from "../../src/providers/search-provider.js";

describe("provider registry", () => {
  it("has one row per provider, in the order of PROVIDER_NAMES", () => {
    expect(PROVIDER_ROWS.map((row) => row.name)).toStrictEqual([...PROVIDER_NAMES]);
  });

  it.each(PROVIDER_ROWS.map((row) => [row.name, row] as const))(
    "%s builds a provider of its name",
    (name, row) => {
      const provider = PROVIDER_FACTORIES[row.name]({
        apiKey: undefined,
        address: undefined,
        keyless: false,
        http: createHttpClient(),
      });
      expect(provider.name).toBe(name);
      expect(provider.configured).toBe(false);
      expect(ratesOf({ rates: [] })[name]).toStrictEqual(row.rate);
    },
  );

  it("names every variable once", () => {
    const variables = PROVIDER_ROWS.flatMap((row) => [row.keyVariable, row.address?.variable]).filter(
      Boolean,
    );
    expect(new Set(variables).size).toBe(variables.length);
  });

  it.each(
    PROVIDER_ROWS.flatMap((row) =>
      row.keyVariable === undefined ? [] : [[row.name, row.keyVariable] as const],
    ),
  )("%s is configured by %s from the environment", (name, variable) => {
    const { chain } = createProviders(
      loadConfig({ HOME: "/home/tester", [variable]: "k-123" }),
      createHttpClient(),
    );
    expect(chain.find((p) => p.name === name)?.configured).toBe(true);
    expect(KEY_VARIABLES).toContain(variable);
  });

  it.each(
    PROVIDER_ROWS.flatMap((row) =>
      row.keyVariable === undefined && row.keylessOf === undefined && row.address
        ? [[row.name, row.address.variable] as const]
        : [],
    ),
  )("%s is configured by its address %s", (name, variable) => {
    const config = loadConfig({ HOME: "/home/tester", [variable]: "http://127.0.0.1:9" });
    expect(createProviders(config, createHttpClient()).chain.find((p) => p.name === name)?.configured).toBe(
      true,
    );
  });
});
