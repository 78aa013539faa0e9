/**
 * Per-service allowances: spend caps (`CORE_SEARCH_BUDGET=exa:1000/month`) and request rates
 * (`CORE_SEARCH_RATE=brave:1/s,searxng:off`). Both are a comma-separated list of
 * `provider:value` in the environment, or a list of objects in a settings file, read by one parser.
 */
import { z } from "zod";
import type { Rate } from "../providers/registry.js";
import { PROVIDER_NAMES, type ProviderName } from "../providers/search-provider.js";
import { type Ctx, problem, providerName, quote } from "./schema-parts.js";

const MAX_BUDGET_LIMIT = 1_000_000_000;
const MAX_RATE_COUNT = 1_000_000;

interface EntryKind<E extends { provider: ProviderName }> {
  /** "provider:limit/day or …", for messages. */
  format: string;
  /** The fields of the object form; any other field is a problem. */
  fields: readonly string[];
  /**
   * The entry from the text after `provider:`; "malformed" when it does not have the format,
   * undefined when it does but its parts were reported as problems.
   */
  fromText(ctx: Ctx, where: string, provider: string, value: string): E | undefined | "malformed";
  /** The entry from the object form's known fields; undefined when they were reported as problems. */
  fromObject(ctx: Ctx, where: string, fields: Record<string, unknown>): E | undefined;
  /** Two entries that may not both be given, with why (e.g. "repeats the day cap of exa"). */
  clash(a: E, b: E): string | undefined;
}

function entryList<E extends { provider: ProviderName }>(kind: EntryKind<E>) {
  return z
    .unknown()
    .transform((value, ctx): E[] => {
      const entries: E[] = [];
      let failed = false;
      const add = (entry: E | undefined, where: string): void => {
        const clash = entry && entries.map((other) => kind.clash(other, entry)).find(Boolean);
        if (entry === undefined) failed = true;
        else if (clash) {
          problem(ctx, `${where} ${clash}`);
          failed = true;
        } else entries.push(entry);
      };
      if (typeof value === "string") {
        for (const raw of value.split(",")) {
          const text = raw.trim();
          if (text === "") continue;
          const where = `entry ${quote(text)}`;
          const match = /^([^:\s]+)\s*:\s*(.+)$/u.exec(text);
          const entry = match ? kind.fromText(ctx, where, match[1] ?? "", match[2] ?? "") : "malformed";
          if (entry === "malformed") {
            problem(ctx, `${where} must look like ${kind.format}`);
            failed = true;
          } else add(entry, where);
        }
      } else if (Array.isArray(value)) {
        value.forEach((item: unknown, index) => {
          const where = `entry ${index + 1}`;
          if (typeof item !== "object" || item === null) {
            problem(ctx, `${where} must be an object { ${kind.fields.join(", ")} }`);
            failed = true;
            return;
          }
          const unknown = Object.keys(item).filter((name) => !kind.fields.includes(name));
          if (unknown.length > 0)
            problem(ctx, `${where} has unknown fields: ${unknown.map(quote).join(", ")}`);
          const entry = kind.fromObject(ctx, where, item as Record<string, unknown>);
          add(unknown.length > 0 ? undefined : entry, where);
        });
      } else {
        problem(ctx, `must be a comma-separated list of ${kind.format}`);
        return z.NEVER;
      }
      return failed ? z.NEVER : entries;
    })
    .default(() => []);
}

/** The provider of an entry, or a problem naming the known ones. */
function checkProvider(ctx: Ctx, where: string, provider: unknown): ProviderName | undefined {
  const name = typeof provider === "string" ? providerName(provider) : undefined;
  if (name === undefined) {
    const shown = typeof provider === "string" ? ` ${quote(provider.trim())}` : "";
    problem(ctx, `${where} has unknown provider${shown} (known: ${PROVIDER_NAMES.join(", ")})`);
  }
  return name;
}

function checkCount(ctx: Ctx, where: string, count: unknown, max: number): number | undefined {
  if (typeof count === "number" && Number.isSafeInteger(count) && count >= 1 && count <= max) return count;
  problem(ctx, `${where} must have a limit that is an integer between 1 and ${max}`);
  return undefined;
}

export interface BudgetEntry {
  provider: ProviderName;
  limit: number;
  period: "day" | "month";
}

function budgetEntry(ctx: Ctx, where: string, provider: unknown, limit: unknown, period: unknown) {
  const name = checkProvider(ctx, where, provider);
  const count = checkCount(ctx, where, limit, MAX_BUDGET_LIMIT);
  const normalized = typeof period === "string" ? period.trim().toLowerCase() : period;
  const periodOk = normalized === "day" || normalized === "month";
  if (!periodOk) problem(ctx, `${where} must have a period of "day" or "month"`);
  return name && count !== undefined && periodOk
    ? { provider: name, limit: count, period: normalized as BudgetEntry["period"] }
    : undefined;
}

/** Spend caps: `exa:1000/month,brave:50/day`, or `{ provider, limit, period }[]`. */
export const budgetSchema = entryList<BudgetEntry>({
  format: "provider:limit/day or provider:limit/month (e.g. exa:1000/month)",
  fields: ["provider", "limit", "period"],
  fromText(ctx, where, provider, value) {
    const match = /^(\d+)\s*\/\s*([a-z]+)$/iu.exec(value);
    return match ? budgetEntry(ctx, where, provider, Number(match[1]), match[2]) : "malformed";
  },
  fromObject: (ctx, where, { provider, limit, period }) => budgetEntry(ctx, where, provider, limit, period),
  clash: (a, b) =>
    a.provider === b.provider && a.period === b.period
      ? `repeats the ${b.period} cap of ${b.provider}`
      : undefined,
});

export interface RateEntry {
  provider: ProviderName;
  /** Null: no rate at all (a self-hosted service, or a plan whose limit is not worth pacing). */
  rate: Rate | null;
}

const RATE_UNITS: ReadonlyMap<string, Rate["per"]> = new Map([
  ["s", "second"],
  ["sec", "second"],
  ["second", "second"],
  ["m", "minute"],
  ["min", "minute"],
  ["minute", "minute"],
]);
const RATE_OFF = new Set(["off", "none", "unlimited"]);

function rateEntry(ctx: Ctx, where: string, provider: unknown, limit: unknown, per: unknown) {
  const name = checkProvider(ctx, where, provider);
  if (typeof limit === "string" && RATE_OFF.has(limit.trim().toLowerCase()) && per === undefined) {
    return name && { provider: name, rate: null };
  }
  const count = checkCount(ctx, where, limit, MAX_RATE_COUNT);
  const unit = typeof per === "string" ? RATE_UNITS.get(per.trim().toLowerCase()) : undefined;
  if (unit === undefined) problem(ctx, `${where} must have a period of "second" or "minute"`);
  return name && count !== undefined && unit ? { provider: name, rate: { count, per: unit } } : undefined;
}

/** Request rates: `brave:1/s,exa:5/s,searxng:off`, or `{ provider, limit, per }[]` (`limit: "off"`). */
export const rateSchema = entryList<RateEntry>({
  format: "provider:count/s, provider:count/min or provider:off (e.g. brave:1/s)",
  fields: ["provider", "limit", "per"],
  fromText(ctx, where, provider, value) {
    if (RATE_OFF.has(value.trim().toLowerCase())) return rateEntry(ctx, where, provider, value, undefined);
    const match = /^(\d+)\s*\/\s*([a-z]+)$/iu.exec(value);
    return match ? rateEntry(ctx, where, provider, Number(match[1]), match[2]) : "malformed";
  },
  fromObject: (ctx, where, { provider, limit, per }) => rateEntry(ctx, where, provider, limit, per),
  clash: (a, b) => (a.provider === b.provider ? `repeats the rate of ${b.provider}` : undefined),
});
