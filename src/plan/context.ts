/**
 * The purpose or setting a question adds after its subject — "Should I use MongoDB for a banking
 * ledger?" → "banking ledger" — so the subject stays a clean noun phrase for the counter-query
 * while the neutral query keeps the whole intent.
 */
const PURPOSE =
  /^(?:for|in|when|as|on|at|with|during|while|under|outside|inside|among|across)\s+(?:(?:a|an|the|my|our|your|their|his|her)\s+)?(.+)$/i;

export interface QuestionContext {
  /** The setting without its preposition: "banking ledger". */
  context: string;
  /** As the question put it, for queries: "for a banking ledger". */
  clause: string;
}

export function extractContext(
  question: string,
  subjects: readonly string[],
  predicate: string | null = null,
): QuestionContext | null {
  const text = question.replace(/[?!.]+$/, "").trim();
  const lower = text.toLowerCase();
  let end = -1;
  for (const subject of subjects) {
    const at = lower.lastIndexOf(subject.toLowerCase());
    if (at >= 0) end = Math.max(end, at + subject.length);
  }
  if (end < 0) return null;
  let clause = text.slice(end).trim();
  // "is homeschooling on the rise in the US": the predicate comes first, the setting after it.
  if (predicate && clause.toLowerCase().startsWith(predicate.toLowerCase()))
    clause = clause.slice(predicate.length).trim();
  const context = clause.match(PURPOSE)?.[1]?.trim();
  return context && context.length > 1 ? { context, clause } : null;
}
