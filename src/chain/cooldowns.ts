import { NAME_NOT_RESOLVED } from "../errors.js";
import { instanceKey } from "../health/engine-health.js";
import { stageAddress } from "../providers/registry.js";
import type { ProviderName } from "../providers/search-provider.js";
import type { StateStore } from "../state/state-store.js";

/**
 * A stage that timed out or refused the connection, left alone for a while: kept in the shared
 * state store like pauses, so the next questions — of this process, of others sharing the state
 * directory, or of a fleet — skip it at once instead of each waiting out its timeout again.
 */
export interface Cooldown {
  /** Epoch ms; after it, one request (the probe) finds out whether the stage is back. */
  until: number;
  /** Failures in a row: each one the probe meets doubles the next cooldown. */
  failures: number;
  /** What happened last: "timeout", "network". */
  reason: string;
  /** The system's error code of the last failure, when it had one: "ENOTFOUND", "ECONNREFUSED". */
  code?: string;
  /** Epoch ms: a probe is in flight until then (or until it settles), holding the others off. */
  probeUntil?: number;
}

export const FIRST_COOLDOWN_MS = 60_000;
export const MAX_COOLDOWN_MS = 15 * 60_000;
/** How long a probe holds the others off at most: longer than any stage's own timeout. */
const PROBE_HOLD_MS = 20_000;

/** The attempt outcomes that open a cooldown: the stage did not answer at all. */
export const COOLING_OUTCOMES: ReadonlySet<string> = new Set(["timeout", "network"]);

export type CooldownCheck =
  | { ask: true; probe: boolean }
  | { ask: false; cooldown: Cooldown; probing: boolean };

export interface CooldownStore {
  /** Whether to ask `provider` now; once a cooldown has ended, only one caller (the probe) may. */
  check(provider: ProviderName, now: number): Promise<CooldownCheck>;
  /**
   * The stage failed without answering: opens its cooldown, or doubles it after a failed probe.
   * `code` is the system's error code, if the failure had one.
   */
  failed(provider: ProviderName, reason: string, now: number, code?: string): Promise<Cooldown>;
  /** The stage answered: its cooldown is forgotten. */
  recovered(provider: ProviderName): Promise<void>;
  /** The cooldown of `provider` still in force, for `doctor`. */
  get(provider: ProviderName, now: number): Promise<Cooldown | undefined>;
  /** The cooldown of `provider` as kept, in force or ended (but not yet forgotten). */
  peek(provider: ProviderName): Promise<Cooldown | undefined>;
  /**
   * Forgets every cooldown, of every stage at every address (`doctor --reset`); returns those still
   * in force at `now`, by stage.
   */
  clear(now: number): Promise<{ provider: string; cooldown: Cooldown }[]>;
}

/**
 * `addressOf` names the address a stage is reached at, when it is set: a cooldown belongs to one
 * SearXNG instance (or gateway), so pointing the setting elsewhere starts afresh.
 */
export function createCooldowns(
  state: StateStore,
  addressOf: (provider: ProviderName) => string | undefined = () => undefined,
): CooldownStore {
  const key = (provider: ProviderName) => {
    const address = addressOf(provider);
    return `cooldown:${provider}${address === undefined ? "" : `-${instanceKey(address)}`}`;
  };
  // Failures are remembered while the stage keeps failing: a cooldown and one more at the cap.
  const ttl = (cooldown: Cooldown, now: number) => cooldown.until - now + MAX_COOLDOWN_MS;
  const read = async (provider: ProviderName) => {
    const value = await state.get<unknown>(key(provider));
    return isCooldown(value) ? value : undefined;
  };
  return {
    async check(provider, now) {
      const current = await read(provider);
      if (current === undefined) return { ask: true, probe: false };
      if (current.until > now) return { ask: false, cooldown: current, probing: false };
      let claimed = false;
      const after = await state.update<unknown>(
        key(provider),
        (stored) => {
          claimed = false;
          if (!isCooldown(stored)) return stored ?? null;
          if (stored.until > now || (stored.probeUntil ?? 0) > now) return stored;
          claimed = true;
          return { ...stored, probeUntil: now + PROBE_HOLD_MS };
        },
        ttl(current, now) + PROBE_HOLD_MS,
      );
      if (claimed || !isCooldown(after)) return { ask: true, probe: claimed };
      return { ask: false, cooldown: after, probing: after.until <= now };
    },
    async failed(provider, reason, now, code) {
      const first: Cooldown = {
        until: now + FIRST_COOLDOWN_MS,
        failures: 1,
        reason,
        ...(code ? { code } : {}),
      };
      const next = await state.update<unknown>(
        key(provider),
        (stored) => {
          if (!isCooldown(stored)) return first;
          // Parallel calls that met the same outage open one cooldown, not one each.
          if (stored.until > now) return stored;
          const failures = stored.failures + 1;
          const ms = Math.min(MAX_COOLDOWN_MS, FIRST_COOLDOWN_MS * 2 ** (failures - 1));
          return { until: now + ms, failures, reason, ...(code ? { code } : {}) };
        },
        FIRST_COOLDOWN_MS + MAX_COOLDOWN_MS * 2,
      );
      return isCooldown(next) ? next : first;
    },
    async recovered(provider) {
      await state.set(key(provider), null, 1);
    },
    async get(provider, now) {
      const current = await read(provider);
      return current && current.until > now ? current : undefined;
    },
    peek: read,
    async clear(now) {
      return (await state.clear("cooldown")).flatMap(({ name, value }) =>
        // The key names the stage, then the address's key when one is set: "searxng-3f9a…".
        isCooldown(value) && value.until > now
          ? [{ provider: name.replace(/-[0-9a-f]{16}$/, ""), cooldown: value }]
          : [],
      );
    },
  };
}

/** The cooldowns of the stages as `config` reaches them (each at the address it sets, if any). */
export function cooldownsFor(state: StateStore, config: Parameters<typeof stageAddress>[0]): CooldownStore {
  return createCooldowns(state, (name) => stageAddress(config, name));
}

/** ": its name did not resolve (ENOTFOUND)", " (ECONNREFUSED)", or nothing without a code. */
function failureCode(code: string | undefined): string {
  if (code === undefined) return "";
  return NAME_NOT_RESOLVED.includes(code) ? `: its name did not resolve (${code})` : ` (${code})`;
}

function isCooldown(value: unknown): value is Cooldown {
  if (typeof value !== "object" || value === null) return false;
  const c = value as Partial<Cooldown>;
  return typeof c.until === "number" && typeof c.failures === "number" && typeof c.reason === "string";
}

/**
 * "timed out 2 times in a row; skipped until 2026-12-01T19:31:00.000Z, then one request checks";
 * "could not be reached: its name did not resolve (ENOTFOUND); skipped until …".
 */
export function describeCooldown(cooldown: Cooldown, probing: boolean): string {
  const next = probing
    ? "another request is checking whether it is back"
    : `skipped until ${new Date(cooldown.until).toISOString()}, then one request checks whether it is back`;
  return `${cooldownCause(cooldown)}; ${next}`;
}

/** What the stage is cooling down for: "timed out 2 times in a row", "could not be reached (ECONNREFUSED)". */
export function cooldownCause(cooldown: Cooldown): string {
  const what =
    cooldown.reason === "timeout" ? "timed out" : `could not be reached${failureCode(cooldown.code)}`;
  return `${what}${cooldown.failures > 1 ? ` ${cooldown.failures} times in a row` : ""}`;
}
