import type { JudgeKind } from "../judge/stance.js";

const DECIDERS: Readonly<Record<JudgeKind, string>> = {
  builtin: "the built-in classifier",
  llm: "an LLM",
  sampling: "the MCP client's model",
  caller: "the caller",
};

/** One markdown line saying who decided the stances ("Stances by the caller (2), the built-in classifier (6)."). */
export function judgedByLine(evidence: readonly { judge: JudgeKind }[]): string[] {
  if (evidence.length === 0) return [];
  const counts = new Map<JudgeKind, number>();
  for (const item of evidence) counts.set(item.judge, (counts.get(item.judge) ?? 0) + 1);
  const parts = [...counts].map(([kind, count]) => `${DECIDERS[kind]} (${count})`);
  return ["", `_Stances by ${parts.join(", ")}._`];
}
