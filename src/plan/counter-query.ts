import type { Classification } from "./classify.js";
import { gerund } from "./english.js";

/**
 * The counter-query looks for the other side on purpose (the skill's template per query type), so a
 * one-sided web cannot pass for agreement.
 */
export function counterQuery(c: Classification, neutralQuery: string): string {
  const [x, y] = c.subjects;
  if (!x) return `${neutralQuery} criticism`;
  switch (c.type) {
    case "evaluative":
      return `${x} problems drawbacks criticism`;
    case "comparative":
      return y ? `advantages of ${y} over ${x}` : `why not ${x}`;
    case "tool":
      return `${x} alternatives failure cases`;
    case "claim":
      return y ? `evidence against ${x} ${gerund(c.predicate ?? `cause ${y}`)}` : `${x} debunked`;
    case "policy":
      return `${x} risks unintended consequences`;
    case "trend":
      return `${x} decline overhyped`;
    case "procedural":
      return `${x} drawbacks alternatives`;
    case "superlative":
      return `${x} alternatives comparison`;
    case "fallback":
      return `criticisms of ${x}`;
  }
}
