import { hasEvaluativeLanguage } from "./evaluative-language.js";
import { planWords } from "./plan-words.js";

interface SettledShape {
  pattern: RegExp;
  reason: string;
}

let shapes: { translation: RegExp; settled: readonly SettledShape[] } | undefined;

/** "What is the difference between affect and effect": what two words or things are. */
const DIFFERENCE =
  /^what(?:'s| is) the difference between (?:an? |the )?[\w-]+(?: [\w-]+){0,2} and (?:an? |the )?[\w-]+(?: [\w-]+){0,2}$/i;

/** How a sum is asked: "what is", "how much is", "calculate", or not at all. */
const ASKED_SUM = "(?:what(?:'s| is) |how much is |calculate |compute )?";
/** A number as written in a sum: 1,200, 3.5, 3/8, $86, 60 dollars. */
const NUMBER = "-?[$€£]?[\\d.,]+(?:/[\\d.]+)?(?: ?(?:dollars|euros|pounds))?";

/**
 * Settled-fact shapes: asking several indexes adds nothing when nobody reasonably disputes the answer.
 * The gate is on contestability: any evaluative word overrides every pattern here. Units, fact
 * attributes, measurable superlatives and languages are data (src/data/plan-words.json); the
 * patterns are built from them on first use.
 */
function settledShapes(): { translation: RegExp; settled: readonly SettledShape[] } {
  if (shapes) return shapes;
  const words = planWords().settledFacts;
  const unit = `(?:${words.units.join("|")})\\b`;
  // Attributes with one agreed value: "capital of Australia", "atomic number of carbon", "default port for PostgreSQL".
  const factAttribute = `(?:${words.factAttributes.join("|")})`;
  // Measurable superlatives name one agreed thing ("tallest mountain"); "best", "safest" rank by opinion.
  const measuredSuperlative = `(?:${words.measuredSuperlatives.join("|")})`;
  const languages = `(?:${words.languages.join("|")})`;
  // "a UK pint", "a US gallon": the system a unit is measured in.
  const system = `(?:(?:${words.unitQualifiers.join("|")}) )?`;
  // "6 foot 2", "5 ft 10 in", "1 lb 4 oz": an amount in two units.
  const amount = `\\d[\\d.,]*\\s*${unit}(?:\\s+\\d[\\d.,]*(?:\\s*${unit})?)?`;
  const translation = new RegExp(
    `^(?:translate\\b.+\\b(?:to|into|in) ${languages}|how (?:do|would|can) (?:you|i) say\\b.+\\bin ${languages}|what is\\b.+\\bin ${languages})[?.!]*$`,
    "i",
  );
  const settled: SettledShape[] = [
    {
      pattern:
        /^(?:what(?:'s| is| are| does)|define|definition of|meaning of)\b.*\b(?:mean|meaning|definition|stand for|acronym)\b/i,
      reason: "definition",
    },
    { pattern: /^(?:define|definition of|meaning of)\b/i, reason: "definition" },
    {
      pattern:
        /^(?:what(?:'s| is) )?the (?:meaning|definition) of (?:the (?:word|term|phrase|acronym) )?[\w'-]+(?: [\w'-]+)?$/i,
      reason: "definition",
    },
    {
      // "how many days until christmas": the date of the event, counted.
      pattern: /^how many (?:days|weeks|months|sleeps) (?:left )?(?:until|till|til|to|before) [\w' -]+$/i,
      reason: "date of an event",
    },
    {
      // "what day of the week is christmas this year", "what time is the super bowl", "when does
      // daylight saving time end".
      pattern:
        /^(?:what (?:day(?: of the week)?|date|time(?! is it\b)) (?:is|was|will be|does) [\w' -]+|when (?:does|do|did|will) [\w' -]+ (?:start|end|begin|open|close|fall|happen|take place)(?: (?:in|on) [\w' -]+)?)$/i,
      reason: "date of an event",
    },
    {
      pattern: /^what(?:'s| is| are) (?:an? |the (?!\w+est\b|most\b|least\b|top\b))?[\w-]+(?: [\w-]+)?\??$/i,
      reason: "definition",
    },
    // "convert my garage into a bedroom" is not a conversion: both sides must be units.
    {
      pattern: new RegExp(`^convert\\s+(?:[\\d.,]+\\s*)?${unit}\\s+(?:to|into|in)\\s+${unit}`, "i"),
      reason: "unit or currency conversion",
    },
    {
      pattern: new RegExp(`${amount}\\s+(?:in|to|into|as|=)\\s+${system}${unit}`, "i"),
      reason: "unit or currency conversion",
    },
    {
      pattern: new RegExp(
        `^(?:how many|how much) \\w+ (?:in|are in|is in) (?:an? |one )?${system}\\w+\\??$`,
        "i",
      ),
      reason: "unit conversion",
    },
    {
      pattern: new RegExp(
        `^how (?:many|much) ${unit}(?: (?:are|is|make|in|per))* (?:an? |one |half an? |(?:a |one )?(?:quarter|third|half)(?: of)? (?:an? )?|[\\d.,/]+ ?)?${system}${unit}(?: of [\\w -]+)?$`,
        "i",
      ),
      reason: "unit conversion",
    },
    {
      pattern: /^(?:is it going to|will it) (?:rain|snow|be (?:sunny|hot|cold|windy))\b/i,
      reason: "current time or weather",
    },
    {
      pattern:
        /\b(?:translate|translation of|how do you say|in (?:french|spanish|german|italian|chinese|japanese|portuguese|russian|arabic|korean))\b/i,
      reason: "translation",
    },
    {
      pattern: /^(?:what(?:'s| is) the )?(?:current )?(?:time|weather|temperature|forecast)\b/i,
      reason: "current time or weather",
    },
    { pattern: /^what time is it\b/i, reason: "current time or weather" },
    {
      // "1/3 + 1/4 as a fraction": the form the answer is wanted in is still a sum.
      pattern:
        /^(?:what(?:'s| is) )?[\d\s.+\-*/^()x×÷=%]+(?:\?|=)?(?: (?:as|in) (?:an? )?(?:fraction|decimal|percentage|percent|mixed number|simplest form|lowest terms))?$/i,
      reason: "arithmetic",
    },
    {
      // "45 plus 78 minus 19", "a third of 150", "average of 14, 22 and 31": numbers and the words of a sum only.
      pattern: new RegExp(
        `^${ASKED_SUM}(?:(?:the )?(?:average|mean|sum|product|square root|cube root|half|a half|a third|a quarter|two thirds|three quarters) of )?${NUMBER}(?:,? (?:(?:times|plus|minus|divided by|multiplied by|over|to the power of|and|squared|cubed)(?: ${NUMBER})?|${NUMBER}))*$`,
        "i",
      ),
      reason: "arithmetic",
    },
    {
      pattern: new RegExp(
        `^${ASKED_SUM}(?:the |an? )?${NUMBER} ?(?:%|percent)(?: (?:tip|discount|tax|sales tax|vat|interest|commission|markup|raise|increase|decrease))? (?:of|on|off|for) ${NUMBER}$`,
        "i",
      ),
      reason: "arithmetic",
    },
    {
      // "split a $240 bill between 6 people", "divide 90 by 4": a share of an amount.
      pattern: new RegExp(
        `^(?:how (?:much|do (?:i|we|you)) )?(?:split|divide|share)\\b(?:\\s+[\\w-]+){0,3}\\s+${NUMBER}(?:\\s+[\\w-]+){0,3}\\s+(?:between|among|by|into|with) \\d+\\b(?: (?:people|persons|ways|friends|of us|parts|groups))?(?:,? (?:how much )?(?:each|per person|a head|apiece))?$`,
        "i",
      ),
      reason: "arithmetic",
    },
    {
      pattern: /^(?:what(?:'s| is) )?(?:the )?(?:square root|sum|product|factorial|\d+ ?% of)\b/i,
      reason: "arithmetic",
    },
    {
      pattern:
        /^(?:what is|what's|who is|who was|when (?:is|was|did)|where is|how (?:tall|old|far|long|big) is) the (?:capital|population|height|boiling point|speed of light|chemical symbol|atomic number|author|founder|president|ceo|date)\b/i,
      reason: "single agreed fact",
    },
    {
      pattern:
        /^(?:what is|what's) the (?:capital|chemical symbol|atomic number|boiling point|freezing point|speed of (?:light|sound))\b/i,
      reason: "single agreed fact",
    },
    {
      pattern:
        /^(?:who (?:wrote|invented|discovered|painted|founded|composed|was the first|were the first)|when (?:was|did) .+ (?:born|die|founded|invented|released|published))\b/i,
      reason: "single agreed fact",
    },
    {
      pattern: /^how (?:tall|high|deep|far|heavy|wide|old) (?:is|are|was|were) [\w' .-]+$/i,
      reason: "single agreed fact",
    },
    {
      pattern: new RegExp(
        `^(?:what(?:'s| is| are| was) )?(?:the )?${factAttribute} (?:of|for|in|on|between) [^?]+\\??$`,
        "i",
      ),
      reason: "single agreed fact",
    },
    {
      pattern: /^(?:when did|what year did|in what year did|what year was|when was) [^?]+$/i,
      reason: "date of an event",
    },
    {
      // "who won the world cup in 2018": the result of a past, dated event (not "who won the debate").
      pattern: /^who (?:won|lost|hosted|was elected) (?:the )?[\w' .-]+ (?:in|of) (?:1[89]|20)\d{2}$/i,
      reason: "single agreed fact",
    },
    {
      pattern:
        /^how many [\w -]+ (?:are|is|were|does|do) (?:there )?(?:in|on|at) (?:an? |the |one )?[\w -]+\??$/i,
      reason: "single agreed fact",
    },
    {
      pattern:
        /^what (?:does|do) (?:the )?[\w .+#-]+ (?:command|function|flag|option|keyword|operator|method) do$/i,
      reason: "reference lookup",
    },
    {
      pattern: /^what (?:port|protocol|file extension|status code) (?:does|do|is) [\w .-]+$/i,
      reason: "single agreed fact",
    },
    {
      pattern: new RegExp(
        `^(?:what|which|who) (?:is|are|was|were) the ${measuredSuperlative} [\\w -]+$`,
        "i",
      ),
      reason: "single agreed fact",
    },
    {
      // "did the Yankees win last night": a result to read off a scoreboard.
      pattern:
        /^(?:did|have|has) [\w.'& -]+ (?:win|won|lose|lost|beat|draw|tie)\b.*\b(?:last night|yesterday|today|tonight|this (?:week|weekend|morning|afternoon|evening))$/i,
      reason: "live data",
    },
    {
      // Last: "when was X born" is a single agreed fact first.
      pattern: /^when (?:is|was|are|were) (?:the )?(?:next |last )?[\w' -]+$/i,
      reason: "date of an event",
    },
  ];
  shapes = { translation, settled };
  return shapes;
}

export interface GateDecision {
  bypass: boolean;
  reason: string | null;
}

export function bypassGate(question: string): GateDecision {
  const { translation, settled } = settledShapes();
  // A translation is settled whatever the phrase says ("translate good morning into Italian"), and
  // so is what tells two words apart ("the difference between affect and effect").
  if (translation.test(question)) return { bypass: true, reason: "translation" };
  if (DIFFERENCE.test(question.replace(/[?!.]+$/, "").trim())) return { bypass: true, reason: "definition" };
  if (hasEvaluativeLanguage(question)) return { bypass: false, reason: null };
  const text = question
    .replace(/[?!.]+$/, "")
    .trim()
    .replace(/^whats\b/i, "what's");
  for (const { pattern, reason } of settled) {
    if (pattern.test(text)) return { bypass: true, reason };
  }
  return { bypass: false, reason: null };
}
