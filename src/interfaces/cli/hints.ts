import { addressVariable, KEY_VARIABLES } from "../../providers/registry.js";
import { COMMAND_NAMES } from "./help.js";

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

/** After exit 3: the report is printed, but the user needs to know where to look next. */
export const ALL_FAILED_HINT =
  "core-search: every planned call failed — the search services or their engines did not answer " +
  "(an outage, not an absence of evidence). Run core-search doctor to see each stage: configured, " +
  "no key, paused until when, and SearXNG's healthy engines.";
