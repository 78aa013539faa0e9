import type { Classification } from "./classify.js";
import { gerund } from "./english.js";
import type { CounterIntent } from "./plan-schema.js";

/**
 * The counter-query looks for the other side on purpose (the skill's template per query type), so a
 * one-sided web cannot pass for agreement.
 */
export function counterQuery(
  c: Classification,
  neutralQuery: string,
): { query: string; intent: CounterIntent } {
  const [x, y] = c.subjects;
  if (!x) return { query: `${neutralQuery} criticism`, intent: "refute" };
  switch (c.type) {
    case "evaluative":
      return { query: `${x} problems drawbacks criticism`, intent: "risks" };
    case "comparative":
      return { query: y ? `advantages of ${y} over ${x}` : `why not ${x}`, intent: "reverse" };
    case "tool":
      return { query: `${x} alternatives failure cases`, intent: "alternatives" };
    case "claim":
      return {
        query: y ? `evidence against ${x} ${gerund(c.predicate ?? `cause ${y}`)}` : `${x} debunked`,
        intent: "refute",
      };
    case "policy":
      return { query: `${x} risks unintended consequences`, intent: "risks" };
    case "trend":
      return { query: `${x} decline overhyped`, intent: "refute" };
    case "procedural":
      return { query: `${x} drawbacks alternatives`, intent: "alternatives" };
    case "superlative":
      return { query: `${x} alternatives comparison`, intent: "alternatives" };
    case "fallback":
      return { query: `criticisms of ${x}`, intent: "refute" };
  }
}
