import { isJudgement, verbSplit } from "./phrase-splits.js";
import { planWords } from "./plan-words.js";

/**
 * A question as the planner's English rules read it: the headline lead, contractions and negative
 * openings undone, and the noise around a subject stripped.
 */

/**
 * The question as the rules read it: no headline lead or closing punctuation, "what's" spelt out,
 * a negative question asked positively and a presupposed judgement asked about.
 */
export function questionText(question: string): string {
  // "… or not" asks the same question: "is coffee good for you or not"; so does a tag after a
  // statement: "coffee is bad for you, right", "…, isn't it".
  const asked = question.replace(/[?!.]+$/, "").replace(/,? or not$/i, "");
  const untagged = asked.replace(TAG, "");
  const text = expandContractions(withoutLead(untagged));
  const isAsked = untagged !== asked || /\?\s*$/.test(question);
  return presupposed(askedPositively(isAsked ? statementAsked(text) : text));
}

/** A tag that turns a statement into a question: ", right", ", correct", ", isn't it", ", don't they". */
const TAG =
  /,\s*(?:right|correct|true|yes|no|(?:is|are|was|were|do|does|did)n['’]?t (?:it|that|they|he|she|there))$/i;

/**
 * A statement asked with a question mark or a tag asks whether it holds: "coffee is bad for you?" →
 * "is coffee bad for you". Only a statement with "is", "are", "was" or "were" and a subject before
 * it; a question that opens with its verb or a question word, and a superlative ("the best language
 * is Python?", read as such), are left as they are.
 */
function statementAsked(text: string): string {
  if (AUXILIARY.test(text) || /^(?:what|who|whom|whose|which|why|how|when|where)\b/i.test(text)) return text;
  const statement = beStatement(text);
  if (!statement) return text;
  // Not a message's context ("my doctor says coffee is bad") nor a clause ("the claim that X is …").
  if (/\b(?:that|which|who|what|says?|said|told|thinks?|claims?|if|whether)\b/i.test(statement.subject))
    return text;
  if (/^the (?:best|worst|most|least|\w+est)\b/i.test(statement.subject)) return text;
  return asQuestion(statement);
}

interface BeStatement {
  subject: string;
  verb: string;
  rest: string;
}

/** "coffee is bad for you": the subject, its "is" (are, was, were) and what follows; null without one. */
function beStatement(text: string): BeStatement | null {
  const match = /^(.+?) (is|are|was|were) (.+)$/i.exec(text);
  return match?.[1] && match[2] && match[3] ? { subject: match[1], verb: match[2], rest: match[3] } : null;
}

/** The statement asked: "is coffee bad for you". */
function asQuestion(statement: BeStatement): string {
  return `${statement.verb} ${statement.subject} ${statement.rest}`;
}

/**
 * A question that takes its judgement for granted asks to test it: "why is palm oil bad" → "is palm
 * oil bad", "how healthy is greek yogurt really" → "is greek yogurt healthy", "how bad is sugar for
 * kids" → "is sugar bad for kids". Only a judgement the word lists know: "why is the sky blue" and
 * "how old is the earth" presuppose no verdict.
 */
function presupposed(text: string): string {
  const why = /^why (is|are|was|were) (.+)$/i.exec(text);
  if (why?.[1] && why[2]?.split(/\s+/).some((word) => isJudgement(word))) return `${why[1]} ${why[2]}`;
  const how = /^how ([\w-]+) (is|are|was|were) (.+)$/i.exec(text);
  if (!how?.[1] || !how[2] || !how[3] || !isJudgement(how[1])) return text;
  const fillers = new Set(planWords().fillers);
  const words = how[3].split(/\s+/);
  while (words.length > 1 && fillers.has(words.at(-1)?.toLowerCase() ?? "")) words.pop();
  // What the judgement is for stays after it: "bad | for kids", "harmful | to bees", "it | to run".
  const at = words.findIndex((w, i) => i > 0 && /^(?:for|to|during|when|if)$/i.test(w));
  const subject = at > 0 ? words.slice(0, at) : words;
  const after = at > 0 ? words.slice(at) : [];
  return [how[2], ...subject, how[1], ...after].join(" ");
}

export const AUXILIARY = /^(is|are|was|were|does|do|did|can|could|will|would|may|might|should|has|have)\b/i;

/**
 * A negative question asks to confirm the positive statement ("isn't nuclear power dangerous" tests
 * "nuclear power is dangerous"): the auxiliary's "n't" goes, and so does "not" after "is it".
 * A "not" inside the predicate ("is coffee not bad") stays: it is part of what is claimed.
 */
function askedPositively(text: string): string {
  return text
    .replace(/^(can)['’]?t\b/i, "$1")
    .replace(/^won['’]?t\b/i, "will")
    .replace(/^(is|are|was|were|does|do|did|could|would|should|has|have)n['’]?t\b/i, "$1")
    .replace(/^(is|was) it not (true|the case) that\b/i, "$1 it $2 that")
    .replace(/^(is|was) it (true|the case) that (.+)$/i, (_, verb, what, rest: string) => {
      if (/^(?:is|are|was|were|does|do|did) /i.test(rest)) return rest;
      // "is it true that coffee is bad for you" asks "is coffee bad for you".
      const statement = beStatement(rest);
      if (statement && !/\b(?:that|which|who|what)$/i.test(statement.subject)) return asQuestion(statement);
      // "… that space heaters use more electricity than …": a verb in its plain form asks "do".
      if (verbSplit(rest)) return `do ${rest}`;
      return `${verb} it ${what} that ${rest}`;
    });
}

/** A subject as the claim states it: the question's own words, articles kept, hedges dropped. */
export function claimPhrase(value: string): string {
  return value
    .replace(/\s+(?:really|actually|truly|still|even|ever|generally|always)$/i, "")
    .replace(/^(?:really|actually|truly|even) /i, "")
    .replace(/[,;:]+$/, "")
    .trim();
}

const LEADING_NOISE =
  /^(?:the|a|an|using|use of|(?:the )?latest on|news (?:on|about)|ongoing|current|recent|(?:the )?history of|origins? of|(?:seminal |original |foundational |landmark )?(?:papers?|studies|research|evidence) (?:on|about|into)|what happened (?:at|in|to|with))\s+/i;
const TRAILING_NOISE =
  /\s+(?:(?:in|of|for|during|since) (?:19|20)\d{2}|(?:19|20)\d{2}|news|right now|today|tonight|this (?:week|month|year)|so far(?: this year)?|these days|nowadays|currently|lately|anymore|really|actually|truly|of all time|ever|as (?:a|an|the|my|our) .+)$/i;

/** Strips articles, when it is asked and how it is asked, so the subject is the noun phrase alone. */
export function cleanSubject(value: string | undefined): string {
  let subject = (value ?? "").replace(/[,;:]+$/, "").trim();
  for (let previous = ""; previous !== subject; ) {
    previous = subject;
    subject = subject.replace(LEADING_NOISE, "").replace(TRAILING_NOISE, "").trim();
  }
  return subject;
}

/**
 * The topic of a question no template matched: "how tall is Mount Everest" → "Mount Everest",
 * "who wrote Pride and Prejudice" → "Pride and Prejudice", "when did the Berlin Wall fall" → "Berlin Wall".
 */
export function stripQuestionWords(text: string): string {
  // "how much protein do I need" → "protein"; "how many bones are in the body" → "bones".
  const amount = text.match(
    /^how (?:many|much) (.+?) (?:is|are|was|were|does|do|did|should|can|could|will|would)\b/i,
  );
  if (amount?.[1]) return amount[1];
  if (/^how (?:many|much) /i.test(text)) return text.replace(/^how (?:many|much) /i, "");
  let topic = text
    .replace(
      /^how (?:tall|high|deep|far|old|long|big|heavy|often|fast|hot|cold)\s+(?:is|are|was|were|does|do|did)\s+/i,
      "",
    )
    .replace(
      /^(?:who|what) (?:wrote|invented|discovered|painted|founded|composed|built|designed|coined|caused|started)\s+/i,
      "",
    )
    .replace(
      /^(?:what|why|who|when|where|which|how|whose)\s+(?:is|are|was|were|does|do|did|can|could|will|would|should|has|have)\s+/i,
      "",
    )
    .replace(/^(?:what|why|who|when|where|which|how)\s+/i, "")
    .replace(/^(?:is|was) it (?:true|the case) that\s+/i, "")
    .replace(/^(?:is|are|was|were|does|do|did|can|could|will|would|should)\s+/i, "")
    .replace(/^(?:define|explain|describe)\s+/i, "");
  // "when did the Berlin Wall fall", "how does X work", "what does HTTP stand for": the verb closing
  // the question is not the topic.
  if (/^(?:when|why|how|what|where)\s+(?:did|does|do)\b/i.test(text)) {
    // ("how does garbage collection work in Go" keeps "in Go".)
    topic = topic.replace(
      /\s+(?:work|fall|happen|start|end|begin|die|sink|collapse|mean|stand for|come from|occur|exist|matter|do)(?=\s+(?:in|on|at|for|with|under)\b|$)/i,
      "",
    );
  }
  return topic;
}

/** "shoud i take creatine" → "should i take creatine": a misspelt opener read as the word meant. */
export function withOpenerSpelled(text: string): string {
  const first = /^\S+/.exec(text)?.[0] ?? "";
  const meant = planWords().misspelledOpeners.get(first.toLowerCase());
  return meant ? `${meant}${text.slice(first.length)}` : text;
}

/** A headline-style lead ("latest news: …", "breaking: …") says when, not what: the rest is the question. */
function withoutLead(question: string): string {
  return question
    .replace(/^(?:(?:the )?latest(?: news)?|breaking(?: news)?|news|update)\s*[:–—-]\s+/i, "")
    .trim();
}

/**
 * "what's the impact of X" → "what is the impact of X", so one pattern covers both spellings; "it's",
 * "that's" likewise; and "coffee's bad for you" → "coffee is bad for you": an 's before a judgement
 * or a word that opens a predicate ("not", "a", "really", "worth") is "is", where before a noun it
 * is a possessive ("coffee's effects on sleep") and stays.
 */
function expandContractions(text: string): string {
  return text
    .replace(/^(what|who|which|where|how)(?:'s|’s|s)\s/i, "$1 is ")
    .replace(/^whats\s/i, "what is ")
    .replace(/\b(it|that|there|this)['’]s\b/gi, "$1 is")
    .replace(/([\p{L}\p{N}]+)['’]s ([\p{L}-]+)/gu, (found, word: string, next: string) =>
      isJudgement(next) || planWords().predicateOpeners.has(next.toLowerCase())
        ? `${word} is ${next}`
        : found,
    );
}
