import type { QueryType } from "./plan-schema.js";

export interface Classification {
  type: QueryType;
  /** The thing(s) the question is about: X, or X and Y for comparisons and causal claims. */
  subjects: string[];
  /** The evaluative predicate when one was recognised ("safe", "growing", "cause arthritis", …). */
  predicate: string | null;
}

const EFFECT_VERBS =
  "cause|causes|caused|reduce|reduces|increase|increases|lead to|leads to|prevent|prevents|cure|cures|improve|improves|worsen|worsens|affect|affects|raise|raises|lower|lowers|trigger|triggers|help|helps|harm|harms|hurt|hurts|damage|damages|slow|slows|boost|boosts|kill|kills|treat|treats|shorten|shortens|extend|extends";

/**
 * Rules from the most specific to the most general: the first that matches wins, so
 * "is X growing" is a trend before it is an evaluation, and "X vs Y" is a comparison even when it
 * also says "better".
 */
interface Rule {
  type: QueryType;
  pattern: RegExp;
  subjects: (m: RegExpMatchArray) => (string | undefined)[];
  predicate?: (m: RegExpMatchArray) => string | undefined;
  /** A match that only looks like this type (e.g. "good or bad" is not a comparison of two things). */
  reject?: (m: RegExpMatchArray) => boolean;
}

const JUDGEMENT_PAIR =
  /^(?:not|bad|good|worse|better|harmful|helpful|safe|unsafe|dangerous|true|false|healthy|unhealthy|overrated|worth it)\b/i;

const RULES: Rule[] = [
  {
    type: "trend",
    pattern:
      /^(?:is|are) (.+?) (growing|declining|dying|dead|shrinking|on the rise|on the decline|taking off|making a comeback|gaining (?:traction|popularity)|losing (?:ground|popularity)|still (?:popular|relevant|growing))\b/i,
    subjects: (m) => [m[1]],
    predicate: (m) => m[2],
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
  },
  {
    type: "comparative",
    pattern: /^(?:compare |comparing )(.+?) (?:and|with|to|vs\.?|versus) (.+)$/i,
    subjects: (m) => [m[1], m[2]],
  },
  {
    type: "comparative",
    pattern:
      /^(?:(?:is|are|should (?:i|we) \w+|which (?:one )?is (?:better|best)[,:]?|which should (?:i|we) (?:use|choose|pick|buy)[,:]?) )?(.+?) (vs\.?|versus|compared (?:to|with)|or) (.+?)(?: (better|worse|faster|slower|safer|cheaper|healthier|easier|harder|more \w+|less \w+))?(?: (?:for|in|when|as) .+?)?(?:[,:;]? (?:which|what|who)\b.*)?$/i,
    subjects: (m) => [m[1], m[3]],
    predicate: (m) => m[4],
    reject: (m) => m[2]?.toLowerCase() === "or" && JUDGEMENT_PAIR.test(m[3] ?? ""),
  },
  {
    type: "comparative",
    pattern:
      /^(?:is|are) (.+?) (better|worse|faster|slower|safer|cheaper|healthier|easier|harder|more \w+|less \w+) than (.+?)(?: (?:for|in|when|as) .+)?$/i,
    subjects: (m) => [m[1], m[3]],
    predicate: (m) => m[2],
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
      /^(?:what (?:is|are) )?(?:the )?(?:impacts?|effects?|consequences|implications) of (.+?)(?: (?:on|for) (.+))?$/i,
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
      /^should (?:i|we|you|my team|our team|our company) (?:use|adopt|switch to|migrate to|move to|learn|try|choose|pick|buy|start using) (.+?)(?: or not)?(?: (?:for .+|in \d{4}\b.*))?$/i,
    subjects: (m) => [m[1]],
  },
  {
    type: "procedural",
    pattern:
      /^(?:how (?:to|do i|do you|do we|can i|can we|should i|should we|would i)|what(?:'s| is) the (?:best )?way to|steps to) (.+)$/i,
    subjects: (m) => [m[1]],
  },
  {
    type: "superlative",
    pattern: /^(.+?) (?:is|are) the (best|worst|fastest|safest|most \w+|top) (.+)$/i,
    subjects: (m) => [m[1]],
    predicate: (m) => `the ${m[2]} ${m[3]}`,
    reject: (m) => /^(?:what|which|who)$/i.test(m[1] ?? ""),
  },
  {
    type: "superlative",
    pattern: /^the (best|worst|fastest|safest|most \w+|top) (.+?) (?:is|are) (.+)$/i,
    subjects: (m) => [m[3]],
    predicate: (m) => `the ${m[1]} ${m[2]}`,
  },
  {
    type: "superlative",
    pattern: /^(?:what|which|who) (?:is|are) the (?:best|top|safest|fastest|most \w+) (.+)$/i,
    subjects: (m) => [m[1]],
  },
  {
    type: "evaluative",
    pattern: /^(?:is|was) it (?:really |actually |still )?(\w+(?: \w+){0,2}) to (.+)$/i,
    subjects: (m) => [m[2]],
    predicate: (m) => m[1],
  },
  {
    type: "evaluative",
    pattern:
      /^(?:is|are|was|were) (.+?) (?:really |actually |still |truly )?((?:an? )?(?:good|bad|safe|unsafe|dangerous|harmful|healthy|unhealthy|worth(?: it| the \w+)?|effective|reliable|secure|legit|overrated|overhyped|ready|production[- ]ready|scam|myth|mistake|success|failure|beneficial|necessary|ethical|accurate|viable|sustainable|better|worse|safer|healthier|too \w+|enough))\b(.*)$/i,
    subjects: (m) => [m[1]],
    // "is there evidence that …" has no subject before the predicate.
    reject: (m) => /^there\b/i.test(m[1] ?? ""),
    // "good or bad for you" tests the first alternative: "good for you".
    predicate: (m) =>
      `${m[2]}${(m[3] ?? "").replace(/^\s*or (?:not|\w+)\b/i, "")}`.replace(/\s+/g, " ").trim(),
  },
];

export function classify(question: string): Classification {
  const text = question.replace(/[?!.]+$/, "").trim();
  for (const rule of RULES) {
    const match = text.match(rule.pattern);
    if (!match || rule.reject?.(match)) continue;
    const subjects = rule
      .subjects(match)
      .map(cleanSubject)
      .filter((s): s is string => s !== "");
    if (subjects.length === 0) continue;
    return { type: rule.type, subjects, predicate: rule.predicate?.(match)?.trim() ?? null };
  }
  return {
    type: "fallback",
    subjects: [cleanSubject(stripQuestionWords(text))].filter((s) => s !== ""),
    predicate: null,
  };
}

function cleanSubject(value: string | undefined): string {
  return (value ?? "")
    .replace(/^(?:the|a|an|using|use of)\s+/i, "")
    .replace(/[,;:]+$/, "")
    .trim();
}

function stripQuestionWords(text: string): string {
  return text.replace(
    /^(?:how (?:many|much)|what|why|who|when|where|which|how|is|are|does|do|can|should|will|would)\b\s*(?:is|are|does|do)?\s*/i,
    "",
  );
}
