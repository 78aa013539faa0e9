/** Pieces every settings schema shares: how problems are worded, and how names are read. */
import type { z } from "zod";
import { PROVIDER_NAMES, type ProviderName } from "../providers/search-provider.js";

export type Ctx = z.core.$RefinementCtx;

const PROVIDER_ALIASES: ReadonlyMap<string, ProviderName> = new Map([
  ["you", "youcom"],
  ["you.com", "youcom"],
]);

export function problem(ctx: Ctx, message: string, path?: PropertyKey[]): void {
  // No `input`: issues never hold the offending value, so nothing downstream can print a secret.
  ctx.addIssue(path === undefined ? { code: "custom", message } : { code: "custom", message, path });
}

/** Trims strings; blank strings mean "not set". */
export function blankToUndefined(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

export function quote(name: string): string {
  return JSON.stringify(name.length > 40 ? `${name.slice(0, 40)}…` : name);
}

/** A provider name, case-insensitive and trimmed, with aliases (`you`, `you.com`); undefined when unknown. */
export function providerName(raw: string): ProviderName | undefined {
  const name = raw.trim().toLowerCase();
  const alias = PROVIDER_ALIASES.get(name);
  if (alias !== undefined) return alias;
  return (PROVIDER_NAMES as readonly string[]).includes(name) ? (name as ProviderName) : undefined;
}
