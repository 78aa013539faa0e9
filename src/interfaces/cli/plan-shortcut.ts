/** `core-search plan "<question>"`, with or without `--json`: all a plan answered before the CLI loads needs. */
export interface PlanShortcut {
  question: string;
  json: boolean;
}

/**
 * The plan asked for when the arguments are exactly `plan "<question>"` with at most `--json`, in
 * either order, and no setting could change it; otherwise undefined, and the full CLI reads them
 * (options, help, errors and `CORE_SEARCH_LIMIT` stay its alone). Kept to what needs no parsing:
 * a second reader of the options would be a second place for their rules.
 */
export function planShortcut(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): PlanShortcut | undefined {
  if (args[0] !== "plan" || env.CORE_SEARCH_LIMIT !== undefined) return undefined;
  const rest = args.slice(1);
  const json = rest.includes("--json");
  const others = rest.filter((arg) => arg !== "--json");
  const [question] = others;
  if (others.length !== 1 || question === undefined || question.startsWith("-")) return undefined;
  if (rest.length !== (json ? 2 : 1)) return undefined;
  return { question, json };
}
