import type { Config } from "../config/config.js";
import { maskUrl, mentionsSecret } from "../config/redact.js";
import { MAX_STATE_VALUE_BYTES, type StateStore } from "../state/state-store.js";
import type { RunSummary, StoredRun } from "./run-record.js";
import { forgetTrail } from "./run-status.js";

/**
 * Runs on the state store every other process already shares: files by default, Redis for a fleet.
 * A run is one value (`runs:<id>`) that expires when its keep time is up; the list of runs is one
 * more (`runs:index`), newest first, cut to the keep count, and a run that falls off it is removed,
 * with the status and events it has if it was started over HTTP (run-status.ts, run-events.ts).
 */

export interface RunStore {
  /** Stores a run: whether it was, and notes on what was left out or why it was not. */
  keep(run: StoredRun): Promise<{ kept: boolean; notes: string[] }>;
  get(id: string): Promise<StoredRun | undefined>;
  /** The most recent runs, newest first. */
  list(limit: number): Promise<RunSummary[]>;
  /** Removes a run; false when there was none. */
  remove(id: string): Promise<boolean>;
}

const RUN_KEY = (id: string) => `runs:${id}`;
const INDEX_KEY = "runs-index:all";
/** Room left under the store's value bound for the store's own wrapping. */
const MAX_RUN_BYTES = MAX_STATE_VALUE_BYTES - 16 * 1024;
/** A page's text kept with a run when the run would be too large with all of it. */
const CUT_PAGE_CHARS = 20_000;
/** A source's text in a stored report when the report alone would be too large: a snippet's length. */
const CUT_SNIPPET_CHARS = 1_000;
/** What `remove` writes: a value that is gone a moment later (the stores have no delete). */
const GONE_MS = 1;

export function openRunStore(
  state: StateStore,
  config: Pick<Config, "runsKeep"> & Partial<Config>,
): RunStore {
  const { count, ms } = config.runsKeep;
  const secrets = secretsOf(config);
  return {
    async keep(run) {
      const stored = storable(run, secrets);
      if (typeof stored === "string") return { kept: false, notes: [stored] };
      await state.set(RUN_KEY(run.summary.id), stored.run, ms);
      const dropped: string[] = [];
      await state.update<RunSummary[]>(
        INDEX_KEY,
        (current) => {
          const oldest = Date.now() - ms;
          const kept = [run.summary, ...(current ?? []).filter((entry) => entry.id !== run.summary.id)];
          const fresh = kept.filter((entry) => Date.parse(entry.at) >= oldest);
          dropped.splice(0, dropped.length, ...kept.slice(count).map((entry) => entry.id));
          return fresh.slice(0, count);
        },
        ms,
      );
      await Promise.all([
        ...dropped.map((id) => state.set(RUN_KEY(id), null, GONE_MS)),
        forgetTrail(state, dropped),
      ]);
      return { kept: true, notes: stored.notes };
    },
    async get(id) {
      const run = await state.get<StoredRun | null>(RUN_KEY(id));
      return run?.version === 1 ? run : undefined;
    },
    async list(limit) {
      const index = (await state.get<RunSummary[]>(INDEX_KEY)) ?? [];
      const oldest = Date.now() - ms;
      return index.filter((entry) => Date.parse(entry.at) >= oldest).slice(0, limit);
    },
    async remove(id) {
      const existed = (await state.get(RUN_KEY(id))) != null;
      await Promise.all([state.set(RUN_KEY(id), null, GONE_MS), forgetTrail(state, [id])]);
      let listed = false;
      await state.update<RunSummary[]>(
        INDEX_KEY,
        (current) => {
          listed = (current ?? []).some((entry) => entry.id === id);
          return (current ?? []).filter((entry) => entry.id !== id);
        },
        ms,
      );
      return existed || listed;
    },
  };
}

/** Every secret the settings hold: API keys, the LLM key, the server's token, credentials in addresses. */
function secretsOf(config: Partial<Config>): string[] {
  const secrets = [...Object.values(config.keys ?? {}), config.llm?.apiKey, config.server?.token];
  for (const address of [config.redisUrl, config.proxy?.http, config.proxy?.https, config.llm?.url]) {
    if (!address) continue;
    try {
      const url = new URL(address);
      secrets.push(decodeURIComponent(url.password), decodeURIComponent(url.username));
    } catch {
      // Not an address: nothing in it to take out.
    }
  }
  return secrets.filter((secret): secret is string => typeof secret === "string" && secret.length >= 4);
}

/**
 * The run as it can be kept: every address in it masked (credentials, secret query parameters), every
 * secret of the settings taken out, and within the store's value bound, cutting what can be cut with
 * a note in the stored report. A string when it cannot be kept at all.
 */
function storable(run: StoredRun, secrets: readonly string[]): { run: StoredRun; notes: string[] } | string {
  const notes: string[] = [];
  let text = redacted(run, secrets);
  if (secrets.some((secret) => mentionsSecret(text, secret)))
    return "The run was not kept: it held a key of the settings in an encoded form";
  const steps: [string, (copy: StoredRun) => void][] = [
    [
      `The run was kept with each page's text cut to ${CUT_PAGE_CHARS.toLocaleString("en")} characters: it was larger than the store keeps`,
      (copy) => {
        if (copy.basis?.kind === "corroborate")
          for (const page of copy.basis.pages) page.text = page.text.slice(0, CUT_PAGE_CHARS);
      },
    ],
    [
      "The run was kept without what it was built from: it was larger than the store keeps, so it can be shown but not judged again",
      (copy) => {
        copy.basis = undefined;
      },
    ],
    [
      `The run was kept with each source's text cut to ${CUT_SNIPPET_CHARS.toLocaleString("en")} characters: it was larger than the store keeps`,
      (copy) => {
        for (const item of copy.report.evidence) item.snippet = item.snippet.slice(0, CUT_SNIPPET_CHARS);
      },
    ],
  ];
  for (const [note, cut] of steps) {
    if (Buffer.byteLength(text) <= MAX_RUN_BYTES) break;
    const copy = JSON.parse(text) as StoredRun;
    cut(copy);
    copy.report.notes.push(note);
    notes.push(note);
    text = JSON.stringify(copy);
  }
  if (Buffer.byteLength(text) > MAX_RUN_BYTES)
    return "The run was not kept: its report alone is larger than the store keeps";
  return { run: JSON.parse(text) as StoredRun, notes };
}

/**
 * What makes a value fit to keep beside a run (its events): the same as for the run, every address
 * masked and every secret of the settings taken out; undefined when it still holds a secret in an
 * encoded form.
 */
export function keepableFor(config: Partial<Config>): <T>(value: T) => T | undefined {
  const secrets = secretsOf(config);
  return <T>(value: T) => {
    const text = redacted(value, secrets);
    return secrets.some((secret) => mentionsSecret(text, secret)) ? undefined : (JSON.parse(text) as T);
  };
}

function redacted(value: unknown, secrets: readonly string[]): string {
  let text = JSON.stringify(value, (_key, value: unknown) =>
    typeof value === "string" ? maskUrl(value) : value,
  );
  for (const secret of secrets) text = text.split(JSON.stringify(secret).slice(1, -1)).join("[redacted]");
  return text;
}
