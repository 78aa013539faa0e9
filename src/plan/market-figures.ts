import { planWords } from "./plan-words.js";

/**
 * Questions whose answer is a market's number: how an index, a fund or a stock did over a period
 * ("How did the S&P 500 do in 2023?", "return of VTSAX over the last 5 years") and the odds a
 * bookmaker gives now ("odds for Arsenal tonight"). Those numbers live in databases, not in pages
 * that argue. A question that judges them ("is the S&P 500 overvalued", "are betting odds
 * rigged") mentions them without asking for them.
 */
export interface MarketFigures {
  /** The question asks for such a number. */
  asked: boolean;
  /** The question names such numbers, asked for or not. */
  mentioned: boolean;
}

interface Rules {
  instrument: RegExp;
  performance: readonly RegExp[];
  measured: RegExp;
  odds: RegExp;
}

let rules: Rules | undefined;

/** A stretch of time a figure is measured over: "in 2023", "over the last 5 years", "year to date". */
const PERIOD =
  "(?:(?:in|during|for|over|throughout|across|of) (?:the )?(?:(?:fiscal |calendar )?year )?(?:19|20)\\d\\d|(?:19|20)\\d\\d|(?:(?:in|over|during|for) )?(?:the )?(?:last|past|previous|prior|latest) (?:(?:\\d+|a|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|thirty|few|several|couple of) )?(?:years?|months?|quarters?|decades?|weeks?|days?|sessions?)|(?:last|this|previous) (?:year|month|quarter|week|decade)|since (?:(?:19|20)\\d\\d|[\\w' -]+)|year[- ]to[- ]date|ytd|so far(?: this \\w+)?|(?:from|between) (?:19|20)\\d\\d (?:to|and|-|–|until|through) (?:19|20)\\d\\d|today|yesterday|this (?:morning|week|month))";
/** How a figure is qualified: "total", "annualized", "5-year". */
const QUALIFIERS =
  "(?:(?:total|annual|annuali[sz]ed|average|cumulative|ytd|year[- ]to[- ]date|\\d+[- ]years?|one[- ]year|five[- ]year|ten[- ]year|historical|monthly|yearly|daily|weekly|price) )*";
/** What a period's figure is called: "return", "annualized return", "performance". */
const MEASURE = `${QUALIFIERS}(?:returns?|performance|gains?|loss(?:es)?|cagr|growth|percent(?:age)? change)`;
/** A figure that is a return whatever the period: "QQQ returns", "VTSAX 10-year return". */
const RETURN = `${QUALIFIERS}(?:returns?|cagr)`;
/** A verb of a figure moving: "how much did X gain", "what did X return". */
const MOVED =
  "(?:go(?:ne)? (?:up|down)|went (?:up|down)|rise|risen|rose|gain(?:ed)?|fall(?:en)?|fell|drop(?:ped)?|lose|lost|return(?:ed)?|grow(?:n)?|grew|climb(?:ed)?|decline(?:d)?|increase(?:d)?|decrease(?:d)?|appreciate(?:d)?|make|made|earn(?:ed)?|yield(?:ed)?|up|down)";
/** Opens a yes/no, why or how-it-works question: it asks about odds, not for them ("are betting odds rigged"). */
const ABOUT_ODDS =
  /^(?:are|is|was|were|do|does|did|can|could|should|would|will|has|have|why|how (?:do|does|are|is|can))\b/i;

function compileRules(): Rules {
  if (rules) return rules;
  const { indexes, assets } = planWords().marketFigures;
  const names = [...indexes, ...assets]
    .sort((a, b) => b.length - a.length)
    .map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  rules = {
    // "S&P 500" ends in a digit and "s&p" holds no word boundary: the edges are spelled out.
    instrument: new RegExp(`(?<![\\w&])(?:${names.join("|")})(?![\\w&])`, "i"),
    performance: [
      // "how did the S&P 500 do in 2023", "how has the Vanguard bond fund done this year"
      /^how (?:did|has|have|had|is|are|was|were) .+ (?:do|done|doing|perform(?:ed|ing)?|fared?|faring)\b/i,
      // "how much did the DAX fall in 2022", "by how much is bitcoin up this year"
      new RegExp(`^(?:by )?how much (?:did|has|have|had|does|do|is|are|was|were) .+ ${MOVED}\\b`, "i"),
      // "what did the FTSE 100 return in 2019"
      new RegExp(`^what (?:did|has|have) .+ ${MOVED}\\b`, "i"),
      // "what was the return of VTSAX over the last 5 years", "what's the ytd return of the Russell 2000"
      new RegExp(
        `^(?:what|how much)(?: (?:was|were|is|are|has been|have been)|'s|’s) (?:the |its )?${MEASURE} (?:of|for|on|from|in) .+`,
        "i",
      ),
      // "S&P 500 return 2022", "what was Tesla stock's performance in 2023", "QQQ returns over the last decade":
      // a name and its figure, over a period unless the figure is a return.
      new RegExp(
        `^(?:(?:what|how much)(?: (?:was|were|is|are|has been)|'s|’s) )?(?!(?:do|does|did|is|are|was|were|can|should|will|why|how)\\b)[^,;]+? (?:${MEASURE}(?: ${PERIOD})+|${RETURN})$`,
        "i",
      ),
    ],
    measured: new RegExp(`\\b${MEASURE}\\b`, "i"),
    odds: /\b(?:(?:betting|bookmakers?['’]?|bookies['’]?|sportsbook|live|latest|current|updated|opening|closing|today['’]?s|tonight['’]?s|match|game|race|fight) odds|odds (?:of|on|for) .+ (?:winning|to win)|odds (?:for|on) .+ (?:tonight|today|tomorrow|this (?:weekend|week|evening|afternoon)|(?:on )?(?:mon|tues|wednes|thurs|fri|satur|sun)day|game|match|race|final|fight|bout|derby|grand prix|cup|bowl|series|championship|tournament|election)|moneyline|point spread)\b|\b\w+ odds$/i,
  };
  return rules;
}

/** What a question (without its closing ? or !) asks of market figures. */
export function marketFigures(question: string): MarketFigures {
  const { instrument, performance, measured, odds } = compileRules();
  const asksOdds = odds.test(question);
  const namesInstrument = instrument.test(question) || namesTicker(question);
  const asksPerformance = namesInstrument && performance.some((shape) => shape.test(question));
  const asked = asksPerformance || (asksOdds && !ABOUT_ODDS.test(question));
  return { asked, mentioned: asked || asksOdds || (namesInstrument && measured.test(question)) };
}

/** "VTSAX", "QQQ", "$NVDA": a ticker is written in capitals, in a question that is not. */
function namesTicker(question: string): boolean {
  return /[a-z]/.test(question) && /(?<![\w$])\$?[A-Z]{3,5}(?:['’]s)?(?![\w&])/.test(question);
}
