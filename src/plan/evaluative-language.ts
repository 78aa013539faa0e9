import { planWords } from "./plan-words.js";

let evaluative: RegExp | undefined;

/**
 * Words that make a question contestable: whoever asks "is X safe" or "X vs Y" wants a judgement,
 * and judgements are what independent sources disagree on. The words are data:
 * src/data/plan-words.json.
 */
export function hasEvaluativeLanguage(text: string): boolean {
  evaluative ??= new RegExp(`\\b(?:${planWords().evaluativeWords.join("|")})\\b`, "i");
  return evaluative.test(text);
}
