import { gerund } from "./english.js";
import { EVALUATION_RULES } from "./evaluation-rules.js";
import { comparedSides, compares, eitherSides, stripPurpose, verbSplit } from "./phrase-splits.js";
import type { QueryType } from "./plan-schema.js";
import { planWords } from "./plan-words.js";
import { AUXILIARY, claimPhrase, cleanSubject, questionText, stripQuestionWords } from "./question-text.js";

export interface Classification {
  type: QueryType;
  /** The thing(s) the question is about: X, or X and Y for comparisons and causal claims. */
  subjects: string[];
  /** The evaluative predicate when one was recognised ("safe", "growing", "cause arthritis", …). */
  predicate: string | null;
  /** The verb phrase as asked when the subject is an action ("eat raw eggs" for subject "eating raw eggs"). */
  action: string | null;
  /** The subjects as the question words them, articles kept, for the claim ("the Eiffel Tower"). */
  phrases: string[];
  /** The two options of an either/or question ("is the dress blue or gold": blue, gold). */
  choice: [string, string] | null;
  /** The auxiliary the question opens with, after a negative one is made positive ("doesn't" → "does"). */
  auxiliary: string | null;
}

export const EFFECT_VERBS =
  "slow down|slows down|speed up|speeds up|cut down on|drive up|drives up|bring down|brings down|cause|causes|caused|reduce|reduces|increase|increases|lead to|leads to|prevent|prevents|cure|cures|improve|improves|worsen|worsens|affect|affects|raise|raises|lower|lowers|trigger|triggers|help|helps|harm|harms|hurt|hurts|damage|damages|slow|slows|boost|boosts|kill|kills|treat|treats|shorten|shortens|extend|extends";

/**
 * Rules from the most specific to the most general: the first that matches wins, so
 * "is X growing" is a trend before it is an evaluation, and "X vs Y" is a comparison even when it
 * also says "better".
 */
export interface Rule {
  type: QueryType;
  /** A function for a pattern built from the word lists, on first use. */
  pattern: RegExp | (() => RegExp);
  subjects: (m: RegExpMatchArray) => (string | undefined)[];
  predicate?: (m: RegExpMatchArray) => string | undefined;
  action?: (m: RegExpMatchArray) => string | undefined;
  choice?: (m: RegExpMatchArray) => [string, string];
  /** A match that only looks like this type (e.g. "good or bad" is not a comparison of two things). */
  reject?: (m: RegExpMatchArray) => boolean;
}

/** Words that open a clause, not a noun phrase: "X or is that a myth" compares nothing. */
const CLAUSE_START =
  /^(?:is|are|was|were|do|does|did|just|that|it|this|they|not|should|can|will|would|has|have|maybe)\b/i;

/** "X vs Y score", "… highlights", "… last night": a result to look up, not a comparison. */
const LIVE_RESULT =
  /\b(?:scores?|results?|odds|highlights|live|stream|tickets|line-?ups?|prediction|kick-?off|last night|tonight|yesterday)$/i;

const JUDGEMENT_PAIR =
  /^(?:not|bad|good|worse|better|harmful|helpful|safe|unsafe|dangerous|true|false|healthy|unhealthy|overrated|worth it)\b/i;

const RULES: Rule[] = [
  {
    // "should I switch from VS Code to Neovim": a change of tool (first: "vs" here is a name).
    type: "tool",
    pattern: /^should (?:i|we) ((?:switch|move|migrate|upgrade) from (.+?) to (.+))$/i,
    subjects: (m) => [m[3], m[2]],
    action: (m) => m[1],
    predicate: () => "a good idea",
  },
  {
    type: "trend",
    pattern:
      /^(?:is|are) (.+?) (growing|declining|dying|dead|shrinking|on the rise|on the decline|on the way out|taking off|taking over|catching on|picking up|slowing(?: down)?|speeding up|spreading|booming|surging|rising|falling|fading|cooling(?: off)?|heating up|stalling|plateauing|making a comeback|gaining (?:traction|popularity|ground)|losing (?:ground|popularity|steam)|becoming (?:more |less )?(?:popular|common|mainstream|obsolete)|still (?:popular|relevant|growing|used|worth learning))\b(.*)$/i,
    subjects: (m) => [m[1]],
    // The rest stays in the claim: "still worth learning in 2025".
    predicate: (m) => `${m[2]}${m[3] ?? ""}`,
    // "is string theory a dead end" describes, it does not ask about a trend.
    reject: (m) => /\b(?:a|an|the)$/i.test(m[1] ?? ""),
  },
  {
    type: "trend",
    pattern: /^(?:the )?(adoption|growth|popularity|decline|market share) of (.+)$/i,
    subjects: (m) => [m[2]],
    predicate: (m) => m[1],
  },
  {
    type: "trend",
    pattern: /^(.+?) (adoption|growth|popularity|decline|market share|usage trends?)\b/i,
    subjects: (m) => [m[1]],
    predicate: (m) => m[2],
    // "does the drug slow cognitive decline" asks about an effect, not a trend.
    reject: (m) =>
      /^(?:does|do|did|can|could|will|would|is|are|was|were|how|what|why|should)\b/i.test(m[1] ?? ""),
  },
  {
    type: "comparative",
    pattern: /^(?:compare |comparing )(.+?) (?:and|with|to|vs\.?|versus) (.+)$/i,
    subjects: (m) => [m[1], m[2]],
  },
  {
    // "Is the dress blue or gold", "is a tomato a fruit or a vegetable": one subject, two options.
    type: "comparative",
    pattern:
      /^(?:is|are|was|were) (.+) or ((?:an? |the )?[\w-]+(?: [\w-]+){0,3})((?: (?:for|in|during|at|on|as|when) [\w' -]+)?)$/i,
    subjects: (m) => [eitherSides(m[1], m[2])?.subject],
    // A qualifier after the second option stays with it: "short or average height for his time".
    choice: (m) => [eitherSides(m[1], m[2])?.option ?? "", `${m[2] ?? ""}${m[3] ?? ""}`],
    reject: (m) =>
      eitherSides(m[1], m[2]) === undefined ||
      JUDGEMENT_PAIR.test(m[2] ?? "") ||
      CLAUSE_START.test(m[2] ?? "") ||
      // "public schools or private schools better": a comparison, for the rules below.
      (m[2] ?? "").split(" ").some((word) => compares(word)) ||
      /^(?:it|there|this|that|these|those)\b|\bto$/i.test(m[1] ?? ""),
  },
  {
    // "is it safer to fly or drive": two doings compared, "Flying is safer than driving".
    type: "comparative",
    pattern: /^(?:is|was) it ((?:more|less) \w+|better|worse|\w+er) to (.+?) or (?:to )?(.+)$/i,
    subjects: (m) => [gerund(m[2] ?? ""), gerund(m[3] ?? "")],
    predicate: (m) => m[1],
    reject: (m) => !compares(m[1] ?? ""),
  },
  {
    // "do cats live longer than dogs": a comparison made with a verb.
    type: "comparative",
    pattern: /^(?:do|does|did) (.+) than (.+)$/i,
    subjects: (m) => [verbSplit(m[1])?.subject, m[2]],
    predicate: (m) => verbSplit(m[1])?.predicate,
    // "pay more than", "cost less than": a bare more/less compares after a verb.
    reject: (m) => {
      const after = verbSplit(m[1])?.predicate.split(" ").slice(1).join(" ") ?? "";
      return !compares(after) && !/^(?:more|less|fewer)$/i.test(after);
    },
  },
  {
    // "do cats see in color or in black and white", "should I learn guitar or piano first": one
    // action, two ways.
    type: "comparative",
    pattern: /^(do|does|did|should (?:i|we|you|(?:my |our |the )?\w+)) (.+) or (.+)$/i,
    // "should I use MongoDB or Postgres" is about MongoDB and Postgres, not about using.
    subjects: (m) =>
      /^should/i.test(m[1] ?? "")
        ? [m[2]?.replace(/^\w+(?: (?:up|off|out|down|in|on|to))? /i, ""), stripPurpose(m[3])]
        : [verbSplit(m[2])?.subject],
    choice: (m) =>
      /^should/i.test(m[1] ?? "") ? [m[2] ?? "", m[3] ?? ""] : [verbSplit(m[2])?.predicate ?? "", m[3] ?? ""],
    reject: (m) =>
      JUDGEMENT_PAIR.test(m[3] ?? "") ||
      CLAUSE_START.test(m[3] ?? "") ||
      (/^do/i.test(m[1] ?? "") && verbSplit(m[2]) === undefined),
  },
  {
    // "X vs Y", "is X or Y better", "which is safer, X or Y", "X or Y which one is healthier": the
    // comparative named before or after the options is the claim's.
    type: "comparative",
    pattern:
      /^(?:(?:is|are|should (?:i|we) \w+|(?:which|what)(?: one)? (?:is|are) ((?:more|less) \w+|\w+)(?: (?:for|in|when|as) [^,]+)?[,:]?|which should (?:i|we) (?:use|choose|pick|buy)[,:]?) )?(.+?) (vs\.?|versus|compared (?:to|with)|instead of|rather than|or) (.+?)(?: (better|worse|faster|slower|safer|cheaper|healthier|easier|harder|more \w+|less \w+))?(?: (?:for|in|when|as) .+?)?(?:[,:;]? (?:which|what|who)(?: one)?(?: (?:is|are|would be))? ((?:more|less) \w+|\w+)\b.*|[,:;]? (?:which|what|who)\b.*)?$/i,
    subjects: (m) => [m[2], m[4]],
    predicate: (m) => m[5] ?? [m[1], m[6]].find((word) => word !== undefined && compares(word)),
    // "good or bad", "X or is that a myth", "does X improve Y or just …" choose between judgements,
    // not between two things; "Arsenal vs Chelsea score" asks for a result; "which is X or Y"
    // names no comparison.
    reject: (m) =>
      LIVE_RESULT.test(m[4] ?? "") ||
      (m[1] !== undefined && !/^(?:better|best)$/i.test(m[1]) && !compares(m[1])) ||
      (m[3]?.toLowerCase() === "or" &&
        (JUDGEMENT_PAIR.test(m[4] ?? "") ||
          CLAUSE_START.test(m[4] ?? "") ||
          new RegExp(`^(?:does|do|did|can|could|will|would)\\b.*\\b(?:${EFFECT_VERBS})\\b`, "i").test(
            m[2] ?? "",
          ))),
  },
  {
    // "Is the Eiffel Tower taller than Big Ben", "are electric cars better for the environment than
    // petrol cars": any comparative, with the words between it and "than" kept in the predicate.
    type: "comparative",
    pattern: /^(?:is|are|was|were) (.+?) than (.+?)(?: (?:for|in|when|as) .+)?$/i,
    subjects: (m) => [comparedSides(m[1])?.subject, m[2]],
    predicate: (m) => comparedSides(m[1])?.predicate,
    reject: (m) => comparedSides(m[1]) === undefined,
  },
  {
    type: "claim",
    pattern: new RegExp(
      `^(?:does|do|did|can|could|will|would|may|might|is it true that) (.+?) (${EFFECT_VERBS}) (.+)$`,
      "i",
    ),
    subjects: (m) => [m[1], m[3]],
    predicate: (m) => `${m[2]} ${m[3]}`,
  },
  {
    // "do hybrid cars save money", "can dogs eat grapes", "will AI replace programmers": the first
    // known verb after the subject ends it.
    type: "claim",
    pattern: /^(?:does|do|did|can|could|will|would|may|might) (.+)$/i,
    subjects: (m) => [verbSplit(m[1])?.subject, verbSplit(m[1])?.object],
    predicate: (m) => verbSplit(m[1])?.predicate,
    reject: (m) => verbSplit(m[1]) === undefined,
  },
  {
    // "will UK house prices drop in 2026": a prediction whose verb no list knows is the word before
    // when it is to happen (or the last word).
    type: "claim",
    pattern:
      /^(?:will|would) (.+?) ([a-z]+)((?: (?:in|by|before|after|within|this|next|over) .+| (?:19|20)\d{2}| soon| again| ever)?)$/i,
    subjects: (m) => [m[1]],
    predicate: (m) => `${m[2]}${m[3] ?? ""}`,
    reject: (m) =>
      /(?:ing|ed|s)$/i.test(m[2] ?? "") ||
      /^(?:the|a|an|be|it|there|this|that)$/i.test(m[2] ?? "") ||
      /^(?:it|there|this|that|you|i|we)$/i.test(m[1] ?? ""),
  },
  {
    // "is TikTok going to be banned in the US": a prediction stated with the question's own verb.
    type: "claim",
    pattern: /^(?:is|are) (.+?) ((?:going|about|likely|unlikely|set|expected|due) to .+)$/i,
    subjects: (m) => [m[1]],
    predicate: (m) => m[2],
    reject: (m) => /^(?:it|there|this|that)$/i.test(m[1] ?? ""),
  },
  {
    type: "claim",
    pattern:
      /^(?:is|are) (.+?) (causing|hurting|helping|harming|damaging|reducing|increasing|raising|lowering|driving|fueling|boosting|slowing|worsening|improving|affecting|killing|preventing) (.+)$/i,
    subjects: (m) => [m[1], m[3]],
    predicate: (m) => `${m[2]} ${m[3]}`,
    // "is X good for reducing traffic": after a preposition the -ing word is what X is judged for.
    reject: (m) => planWords().prepositions.has(m[1]?.split(" ").at(-1)?.toLowerCase() ?? ""),
  },
  {
    type: "claim",
    pattern: /^(?:is|are) (.+?) (linked|tied|related|associated|connected) (to|with) (.+)$/i,
    subjects: (m) => [m[1], m[4]],
    predicate: (m) => `${m[2]} ${m[3]} ${m[4]}`,
  },
  {
    type: "claim",
    pattern:
      /^is there (?:a|an|any) (link|connection|association|relationship|correlation) between (.+?) and (.+)$/i,
    subjects: (m) => [m[2], m[3]],
    predicate: (m) => `${m[1] === "link" || m[1] === "connection" ? "linked" : "associated"} with ${m[3]}`,
  },
  {
    type: "policy",
    pattern:
      /^(?:what (?:is|are|was|were|will be|would be) )?(?:the )?(?:(?:\w+|long-term|short-term) )?(?:impacts?|effects?|consequences|implications|fallout) of (.+?)(?: (?:on|for) (.+))?$/i,
    subjects: (m) => [m[1], m[2]],
  },
  {
    type: "policy",
    pattern: /^how (?:does|do|will|would|did) (.+?) (?:affect|impact|change|influence) (.+)$/i,
    subjects: (m) => [m[1], m[2]],
  },
  {
    type: "tool",
    pattern:
      /^should (?:i|we|you|my (?:team|company|startup|kids?|family)|our (?:team|company|startup|org|organi[sz]ation)) (?:(?:start|begin|stop) )?(?:use|using|adopt|adopting|switch to|migrate to|move to|upgrade to|choose|pick|install|go with) (.+?)(?: or not)?(?: (?:for .+|in \d{4}\b.*))?$/i,
    subjects: (m) => [m[1]],
  },
  {
    // "Should I take vitamin D in winter", "should we stop eating sugar": whether doing it is a good
    // idea — a decision, like choosing a tool, but its other side is what doing it costs.
    type: "tool",
    pattern: /^should (?:i|we|you) ((\w+)(?: (?:up|out|off|down|on))? (.+))$/i,
    subjects: (m) => [stripPurpose(m[3])],
    action: (m) => m[1],
    predicate: () => "a good idea",
    reject: (m) => /^(?:be|do|worry|care|i|we)$/i.test(m[2] ?? ""),
  },
  {
    // "should teenagers have a curfew", "should college be free": whoever is named, the first verb
    // after them starts what they should do.
    type: "tool",
    pattern: /^should (.+)$/i,
    subjects: (m) => [verbSplit(m[1])?.subject],
    action: (m) => verbSplit(m[1])?.predicate,
    predicate: () => "a good idea",
    reject: (m) =>
      verbSplit(m[1]) === undefined ||
      /^(?:the|a|an|my|our|your|their|this|that|i|we|you)$/i.test(verbSplit(m[1])?.subject ?? ""),
  },
  {
    type: "procedural",
    pattern:
      /^(?:how (?:to|do i|do you|do we|can i|can we|should i|should we|would i)|what(?:'s| is) the (?:\w+est |best |right |proper |most \w+ )?way to|steps to|best way to|guide to|best practices (?:for|in|when)) (.+)$/i,
    subjects: (m) => [/^best practices/i.test(m[0] ?? "") ? (m[1] ?? "") : gerund(m[1] ?? "")],
    action: (m) => (/^best practices/i.test(m[0] ?? "") ? undefined : m[1]),
    // "how do you say X in French" is a translation, not a procedure.
    reject: (m) => /^say\b/i.test(m[1] ?? ""),
  },
  ...EVALUATION_RULES,
];

export function classify(question: string): Classification {
  const text = questionText(question);
  const auxiliary = AUXILIARY.exec(text)?.[1]?.toLowerCase() ?? null;
  for (const rule of RULES) {
    const match = text.match(typeof rule.pattern === "function" ? rule.pattern() : rule.pattern);
    if (!match || rule.reject?.(match)) continue;
    const asked = rule.subjects(match).filter((s): s is string => (s ?? "").trim() !== "");
    const subjects = asked.map(cleanSubject).filter((s) => s !== "");
    if (subjects.length === 0) continue;
    return {
      type: rule.type,
      subjects,
      predicate: rule.predicate?.(match)?.trim() ?? null,
      action: rule.action?.(match)?.trim() || null,
      phrases: asked.map(claimPhrase),
      choice: rule.choice?.(match) ?? null,
      auxiliary,
    };
  }
  const topic = cleanSubject(stripQuestionWords(text));
  return {
    type: "fallback",
    subjects: [topic].filter((s) => s !== ""),
    predicate: null,
    action: null,
    phrases: [topic].filter((s) => s !== ""),
    choice: null,
    auxiliary,
  };
}
