import { addressVariable, KEY_VARIABLES } from "../../providers/registry.js";
import type { FailureCause } from "../../report/failure-cause.js";
import { COMMAND_NAMES } from "./command-specs.js";

/** The commands a user types (the default command has no word). */
const TYPED_COMMANDS = COMMAND_NAMES.filter((name) => name !== "question");

/**
 * The command a lone word was probably meant to be ("docter" → "doctor"), or null. Conservative:
 * only a single lowercase word of 3+ letters within edit distance 2 of a command, so real one-word
 * questions still run as questions.
 */
export function suggestCommand(word: string): string | null {
  if (!/^[a-z]{3,}$/.test(word)) return null;
  let best: { name: string; distance: number } | null = null;
  for (const name of [...TYPED_COMMANDS, "help"]) {
    const distance = editDistance(word, name);
    if (distance <= 2 && distance < (best?.distance ?? Number.POSITIVE_INFINITY)) best = { name, distance };
  }
  return best?.name ?? null;
}

/** Levenshtein distance (insert, delete, substitute), enough for command names. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * What to set when no stage of the chain can answer, naming the settings; the keyless line says
 * why the free endpoints did not step in (switched off, or neither exa nor parallel in the order).
 */
export function nothingConfiguredMessage(
  settings: { keyless: "auto" | "off"; order: readonly string[] } | undefined,
): string {
  const keyless: [string, string] =
    settings?.keyless === "off"
      ? ["CORE_SEARCH_KEYLESS=auto", "the free keyless Exa and Parallel endpoints (now off)"]
      : settings && !settings.order.some((name) => name === "exa" || name === "parallel")
        ? ["CORE_SEARCH_ORDER=…,exa,parallel", "keyless endpoints run only for exa or parallel in the order"]
        : ["CORE_SEARCH_KEYLESS=auto", "the free keyless Exa and Parallel endpoints"];
  const [firstKey, ...otherKeys] = KEY_VARIABLES;
  const keyLines: string[] = [];
  for (let i = 0; i < otherKeys.length; i += 3) keyLines.push(otherKeys.slice(i, i + 3).join(", "));
  const rows: [string, string][] = [
    [`${addressVariable("searxng")}=http://127.0.0.1:8888`, "a SearXNG instance (tried first)"],
    // The first key, then the others three to a line, as the registry lists them.
    ...keyLines.map((line, i): [string, string] => [
      i === 0 ? `${firstKey}=…` : "",
      `${i === 0 ? "or " : ""}${line}${i < keyLines.length - 1 ? "," : ""}`,
    ]),
    [`${addressVariable("degoog")}=…`, "a Degoog instance"],
    keyless,
  ];
  return [
    "core-search: no stage configured — no search service can be asked. Set at least one of:",
    ...rows.map(([setting, what]) => `  ${setting.padEnd(34)} ${what}`),
    "Then run core-search doctor to see every stage.",
  ].join("\n");
}

/**
 * After exit 3: the report (or the search's error) is printed, but the user needs to know what
 * happened and where to look next — in plain words when no name resolved or every service was
 * skipped for an earlier failure.
 */
export function allFailedHint(cause: FailureCause, what = "every planned call failed"): string {
  switch (cause.kind) {
    case "offline":
      return (
        `core-search: no network: names did not resolve (${cause.code}) — ${what} before reaching a ` +
        "search service (not an absence of evidence). Check the connection, DNS or proxy. The services " +
        "that failed are now skipped for a while; once the network is back, core-search doctor --reset " +
        "clears that."
      );
    case "cooling":
      return (
        `core-search: ${what} without asking a service: each one is cooling down after an earlier ` +
        "failure, and the output above says which and until when. Run core-search doctor --reset to " +
        "clear remembered pauses and cool-downs, then ask again."
      );
    case "unavailable":
      return (
        `core-search: ${what} — the search services or their engines did not answer ` +
        "(an outage, not an absence of evidence). Run core-search doctor to see each stage: configured, " +
        "no key or address, paused until when, and SearXNG's healthy engines."
      );
  }
}
