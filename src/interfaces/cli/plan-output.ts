import { LIMIT_RANGE } from "../../operations/input-ranges.js";
import { plan } from "../../plan/plan.js";
import type { Plan } from "../../plan/plan-schema.js";

/**
 * What `core-search plan` prints for a question: the plan as JSON, or as lines to read. The planner
 * itself, not the library's `plan`: its schema would load zod and double the start-up time of a
 * command that needs no network. Throws the planner's errors (an empty or overlong question).
 */
export function planOutput(question: string, options: { json: boolean; limit?: number }): string {
  const result = plan(question, { limit: options.limit ?? LIMIT_RANGE.default });
  return options.json ? `${JSON.stringify(result, null, 2)}\n` : renderPlan(result);
}

function renderPlan(result: Plan): string {
  const lines = [
    `Question: ${result.question}`,
    `Type: ${result.queryType}  Subject: ${result.subject.join(" | ")}${result.context ? `  Context: ${result.context}` : ""}  Language: ${result.language}`,
    `Claim: ${result.claim}`,
    ...(result.counterIntent ? [`Counter-query looks for: ${result.counterIntent}`] : []),
    result.bypass ? `Bypass: ${result.bypassReason}` : "Bypass: no",
    `News call: ${result.newsCall ? "yes" : "no"} (${result.newsReason})`,
    ...result.warnings.map((w) => `Warning: ${w}`),
    ...result.calls.map(
      (c) =>
        `${c.id}. [${c.role}] ${c.query} (${c.categories.join(",")}${c.engines.length ? `; engines ${c.engines.join(",")}` : ""}; time ${c.timeRange})`,
    ),
  ];
  return `${lines.join("\n")}\n`;
}
