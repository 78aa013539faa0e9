import { segments } from "./claim-cues.js";
import { classProbabilities } from "./score-features.js";
import type { StanceInput, StanceJudge, StanceJudgement } from "./stance.js";
import { readJudgedPair } from "./stance-features.js";
import { chooseStance, stanceModel } from "./stance-model.js";
import { stanceWords } from "./stance-words.js";
import { readsAsTopicOnly } from "./topic-only.js";
import { asJudged } from "./word-info.js";

export { relevance, stanceFeatures } from "./stance-features.js";

/**
 * One search result as one text. Title and snippet are joined the same way wherever they come from,
 * so a sentence gets the same stance as a title, as a snippet or as page text.
 */
export function resultText(title: string, snippet: string): string {
  const t = title.trim();
  const s = snippet.trim();
  return t === "" ? s : s === "" ? t : `${t}\n${s}`;
}

/** "What is …", "Is X safe?": a question asserts nothing a source could agree or disagree with. */
const QUESTION_OPENING =
  /^(?:what|which|who|whom|whose|when|where|why|how|is|are|was|were|do|does|did|can|could|should|will|would|has|have)\b/i;
const isQuestion = (text: string): boolean => /\?\s*$/.test(text) || QUESTION_OPENING.test(text.trim());
/**
 * A claim that is a question: a mark, or a wh-word that opens questions far more often than
 * statements. "When …", "Will …" and "Can …" open claims too ("Will Smith won an Oscar").
 */
const isQuestionClaim = (claim: string): boolean =>
  /\?\s*$/.test(claim) || /^(?:what|which|whom|whose|why|how)\b/i.test(claim.trim());

/**
 * How often a result read as naming only the topic is truly neutral: 51 of the 64 labelled search
 * results the rule sets aside in the files the judge's profile is measured on (measure-judges.mjs)
 * and in labels-real-dev*.jsonl. The score says so, and the labeler reads it against the profile
 * like any other answer.
 */
const TOPIC_ONLY_RIGHT = 51 / 64;

/** A word of a text or claim, lower-cased. */
const WORD = /[a-z0-9]+/g;

let lastClaim: { claim: string; words: Set<string> } | undefined;

/** The claim's words, lower-cased: a report judges many texts against one claim, so read it once. */
function wordsOfClaim(claim: string): Set<string> {
  if (lastClaim?.claim !== claim)
    lastClaim = { claim, words: new Set(claim.toLowerCase().match(WORD) ?? []) };
  return lastClaim.words;
}

/**
 * A text that names nothing but the claim's own words and search-page filler ("google result 1 for
 * What is the capital of France", "Intermittent fasting") and asserts nothing: each of its
 * sentences is a question, or it lacks any word beyond the claim's.
 */
function isEcho(claim: string, text: string): boolean {
  const { stopwords, placeholderWords } = stanceWords();
  const claimWords = wordsOfClaim(claim);
  const lower = text.toLowerCase();
  const extra = (w: string) =>
    !claimWords.has(w) && !stopwords.has(w) && !placeholderWords.has(w) && !/^\d+$/.test(w);
  // Most texts say something of their own within their first few words: those are not all read.
  WORD.lastIndex = 0;
  for (let found = WORD.exec(lower); found !== null; found = WORD.exec(lower))
    if (extra(found[0])) return false;
  const words: string[] = lower.match(WORD) ?? [];
  const sentences = segments(text);
  // Restating the whole claim as a statement is a position (a headline that repeats a rumour as
  // news); naming part of it, or asking it, is not.
  const restates = [...claimWords].every((w) => stopwords.has(w) || words.includes(w));
  return sentences.every(isQuestion) || !restates;
}

/**
 * Judges one text against the claim with the fitted model (src/data/stance-model.json). The model's
 * probabilities are calibrated; below the model's confidence threshold a text counts as taking no
 * side.
 */
export function judgeText(claim: string, text: string): StanceJudgement {
  const { stance, score } = classifyText(asJudged(claim), asJudged(text));
  return { stance, score, judge: "builtin" };
}

function classifyText(claim: string, text: string): StanceJudgement {
  const trimmed = text.trim();
  if (trimmed === "" || isQuestionClaim(claim) || isEcho(claim, trimmed))
    return { stance: "neutral", score: 0.9 };
  // judgeText has read both as the judge reads them.
  const pair = readJudgedPair(claim, trimmed);
  const { features, ngrams, shape, relevance: rel } = pair;
  const model = stanceModel();
  const p = classProbabilities(features, model, shape, ngrams);
  const chosen = chooseStance(p, model.neutralBelow);
  // A search result (a title and a snippet, or any text of several sentences) that names none of
  // the claim's terms is about something else. A single sentence is not gated: an argument may take
  // a side without the claim's words ("Restrictions protect bystanders" on a smoking ban). The gate
  // costs a little accuracy (on the held-out search results 10 of the 24 it set aside took a side)
  // and keeps off-topic pages from counting as agreement, which costs more.
  const offTopic = rel.claimTerms > 0 && rel.matched === 0;
  // Topic is not a side: a result that names the subject and nothing the claim says of it is
  // neutral, whatever its words weigh, as sure as such answers are right.
  if (!offTopic && chosen.stance !== "neutral" && readsAsTopicOnly(trimmed, pair))
    return { stance: "neutral", score: Math.max(p[2] ?? 0, TOPIC_ONLY_RIGHT) };
  if (!offTopic || (chosen.stance !== "neutral" && segments(trimmed).length < 2)) return chosen;
  // Off-topic by the gate, a rule that held for most such results in the labelled search results:
  // at least even odds.
  return { stance: "unrelated", score: Math.max(p[2] ?? 0, 0.5) };
}

/** The built-in stance judge: offline, local work bounded by its own cost, so it runs to the end. */
export const lexicalJudge: StanceJudge = {
  name: "lexical",
  local: true,
  kind: "builtin",
  perText: true,
  async judge(claim: string, items: readonly StanceInput[]): Promise<StanceJudgement[]> {
    return items.map((item) => judgeText(claim, resultText(item.title, item.snippet)));
  },
};
