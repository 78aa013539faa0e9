import { InvalidInputError } from "../errors.js";
import { capitalize } from "../util/capitalize.js";
import { bypassGate, type GateDecision } from "./bypass-gate.js";
import { formClaim } from "./claim.js";
import { classify } from "./classify.js";
import { extractContext, type QuestionContext } from "./context.js";
import { counterQuery } from "./counter-query.js";
import { fullEnglishQuestion } from "./english-shapes.js";
import { hasEvaluativeLanguage } from "./evaluative-language.js";
import { DEFAULT_LANGUAGE, detectLanguage } from "./languages/detect-language.js";
import { hasTemplates } from "./languages/language-templates.js";
import { languageWarning } from "./languages/language-warnings.js";
import { readInLanguage } from "./languages/read-in-language.js";
import { marketFigures } from "./market-figures.js";
import { questionOfMessage } from "./message.js";
import type { CounterIntent, Plan, PlannedCall, PlanTimeRange, QueryType } from "./plan-schema.js";
import { normalizeQuestion } from "./question.js";
import { cleanSubject, withOpenerSpelled } from "./question-text.js";
import { routeCall3 } from "./route.js";
import { chooseTimeRange, wantsNews } from "./time-range.js";

export interface PlanOptions {
  /** Results asked of each call (1–20). */
  limit?: number;
  /** The clock the plan is made against ("in 2019" is old news only relative to now); default: the system clock. */
  now?: Date;
  /** How recent the evidence must be; default: chosen from the question's wording. */
  timeRange?: PlanTimeRange | undefined;
}

export const DEFAULT_CALL_LIMIT = 5;

const ASKS_FOR_NEW =
  /\b(?:latest|recent(?:ly)?|newest|new (?:findings|research|evidence|studies|discoveries))\b/i;

/**
 * "Arsenal vs Chelsea score", "Lakers vs Celtics last night", "odds for Liverpool vs Man City": a
 * match's result or odds, though "vs" otherwise makes a question a comparison.
 */
const MATCH_RESULT =
  /\b(?:vs\.?|versus|v) .+ (?:(?:score|result|odds)s?|last night|tonight|yesterday|today)$|\bodds (?:for|on) .+ (?:vs\.?|versus|v) /i;

const STRUCTURED_DATA =
  /\b(?:stock price|share price|fund returns?|etf returns?|(?:bond|dividend|treasury) yields?|market cap|exchange rate|sports? scores?|final score|box score|score of (?:the|last|today|tonight)|standings|league table|live pric(?:e|ing)|price of (?:bitcoin|gold|oil|silver|ethereum|a barrel)|(?:bitcoin|gold|oil|ethereum|stock|gas|petrol) price(?:s)? (?:today|now|right now)|(?:s&p 500|dow jones|nasdaq|ftse 100|dax|nikkei)(?: index)?(?: level)? (?:today|now|right now)|quarterly (?:earnings|revenue)|score (?:tonight|today|now|live)$|\bpric(?:e|es|ing)\b.* (?:today|now|right now|live|near me|this (?:morning|week)))\b|^(?:(?:who (?:won|is winning)|what was the score of) (?:the |last night's |today's )?(?:[\w-]+ ){0,3}(?:game|match|race|grand prix|final|fight|bout|tournament|series|cup|bowl|derby)|did .+ win|how much (?:is|are|does|do))\b.* (?:today|tonight|last night|yesterday|right now|now|currently|this (?:week|weekend|morning|afternoon|evening))$|^(?:usd|eur|gbp|jpy|cny|inr|cad|aud|chf|mxn|brl|krw|btc|eth|dollars?|euros?|pounds?|yen|pesos?|rupees?|francs?|yuan|bitcoin) (?:to|vs\.?|in|\/) (?:usd|eur|gbp|jpy|cny|inr|cad|aud|chf|mxn|brl|krw|btc|eth|dollars?|euros?|pounds?|yen|pesos?|rupees?|francs?|yuan)(?: (?:exchange )?rate)?(?: today| now)?$|^(?:the )?(?:current |live )?[\w.&'-]+(?: [\w.&'-]+){0,2} (?:price|stock price|share price|stock|shares|quote)(?: (?:today|now|right now|live))?$|^(?!.*\b(?:credit|test|sat|act|iq|fico|risk|health|bmi|f1|z|t)\b)[\w.'-]+(?: [\w.'-]+){0,2} (?:score|scores)(?: (?:today|tonight|now|live|last night))?$/i;

/**
 * Question → the calls to run (steps 1–3 of the methodology): the bypass gate, then a neutral
 * general call on mainstream indexes, a news call when timeliness matters, a science-or-it call,
 * and a counter-query on independent indexes.
 */
export function plan(question: string, options: PlanOptions = {}): Plan {
  const message = normalizeQuestion(question);
  // A message that explains before it asks is planned on its question (message.ts).
  const inMessage = questionOfMessage(message, detectLanguage(message));
  // Short English shapes (fragments, verb comparisons) read as the full question (english-shapes.ts).
  const text =
    detectLanguage(inMessage.question) === DEFAULT_LANGUAGE
      ? fullEnglishQuestion(inMessage.question)
      : inMessage.question;
  const { source } = inMessage;
  // "???" or "..." passes as text but gives a search engine nothing to match.
  if (!/[\p{L}\p{N}]/u.test(text)) throw new InvalidInputError("The question has nothing to search for");
  const limit = clampLimit(options.limit ?? DEFAULT_CALL_LIMIT);
  const now = options.now ?? new Date();
  const neutralQuery = text
    .replace(/^[¿¡]+/, "")
    .replace(/[?!]+$/, "")
    .trim();
  const language = detectLanguage(text);
  const reading =
    language === DEFAULT_LANGUAGE
      ? readEnglish(text, neutralQuery)
      : readOtherLanguage(language, text, neutralQuery);
  const { subject, context, gate } = reading;
  // When it matters is read from the whole message: "… ? saw something about it this week".
  const timeRange = options.timeRange ?? chooseTimeRange(message, now);
  const topicCategory = routeCall3(text);

  const warnings: string[] = reading.warning ? [reading.warning] : [];
  // The claim is tested, not the person who made it; the report says whose it was.
  if (source)
    warnings.push(`The message reports a claim ("${source} …"); the searches test the claim itself`);
  const asked = text.replace(/[?!.]+$/, "");
  const matchResult = MATCH_RESULT.test(asked);
  // How an index or a fund did over a period, a bookmaker's odds; not in a question about software.
  const market = topicCategory === "it" ? { asked: false, mentioned: false } : marketFigures(asked);
  const looksUpData = STRUCTURED_DATA.test(asked) || market.asked;
  const mentionsData = matchResult || looksUpData || market.mentioned;
  // A plain lookup of such numbers is answered by a database, not by web pages: one call for
  // context. A judgement or causal question that mentions them ("does organic farming reduce crop
  // yields", "is Tesla's share price overvalued") still gets the 4-call pattern, with a caution.
  // Another language's plan names live data by its own words (its bypass reason).
  const structuredData =
    matchResult ||
    reading.gate.reason === "live data" ||
    (looksUpData && reading.queryType === "fallback" && !hasEvaluativeLanguage(text));
  if (structuredData) {
    warnings.push(
      "This data lives in structured databases, not web pages: a dedicated financial, sports or pricing source will be more reliable. Running one search for context.",
    );
  } else if (mentionsData) {
    warnings.push(
      "The figures this question mentions live in structured databases, not web pages: check them against a dedicated financial, sports or pricing source.",
    );
  }

  // Fields in the order of the plan's documented JSON.
  const shape = (
    rest: Pick<
      Plan,
      "bypass" | "bypassReason" | "counterQuery" | "counterIntent" | "newsCall" | "newsReason" | "calls"
    >,
  ): Plan => ({
    // The question as asked: the whole message, though the plan reads the question inside it.
    question: message,
    language,
    bypass: rest.bypass,
    bypassReason: rest.bypassReason,
    queryType: reading.queryType,
    subject,
    context: context?.context ?? null,
    // A look-up tests no claim: it carries the question as asked.
    claim: rest.bypass ? capitalize(neutralQuery) : reading.claim,
    neutralQuery,
    counterQuery: rest.counterQuery,
    counterIntent: rest.counterIntent,
    topicCategory,
    timeRange,
    newsCall: rest.newsCall,
    newsReason: rest.newsReason,
    structuredData,
    warnings,
    calls: rest.calls,
  });

  // Live data is a look-up too: there is nothing to corroborate, only a number to read.
  if (gate.bypass || structuredData) {
    return shape({
      bypass: true,
      bypassReason: gate.reason ?? "live data",
      counterQuery: null,
      counterIntent: null,
      newsCall: false,
      newsReason: gate.bypass ? "bypassed: one general call" : "live data: one general call for context",
      calls: [singleCall(neutralQuery, limit)],
    });
  }

  const news = newsDecision(message, timeRange, reading.queryType, now);
  const counter = reading.counter?.query ?? neutralQuery;
  const calls: PlannedCall[] = [
    call(1, "neutral", neutralQuery, ["general"], ["bing", "google", "duckduckgo"], timeRange, limit),
    ...(news.wanted ? [call(2, "news", neutralQuery, ["news"], [], "week", limit)] : []),
    call(3, topicCategory, neutralQuery, [topicCategory], [], timeRange, limit),
    {
      ...call(4, "counter", counter, ["general"], ["mojeek", "wiby"], timeRange, limit),
      // Without a template the question itself goes to the independent indexes: another index,
      // not the other side.
      ...(reading.counter ? {} : { intent: "neutral" as const }),
    },
  ];
  return shape({
    bypass: false,
    bypassReason: null,
    counterQuery: counter,
    counterIntent: reading.counter?.intent ?? null,
    newsCall: news.wanted,
    newsReason: news.reason,
    calls,
  });
}

/** What the planner makes of the question in its language, before the calls are laid out. */
interface Reading {
  queryType: QueryType;
  subject: string[];
  context: QuestionContext | null;
  claim: string;
  gate: GateDecision;
  /** Null: the counter call sends the question as asked and looks for nothing against it. */
  counter: { query: string; intent: CounterIntent } | null;
  warning?: string;
}

function readEnglish(question: string, neutralQuery: string): Reading {
  // The rules read a misspelt opener as meant; the searches keep the question as typed.
  const text = withOpenerSpelled(question);
  const classification = classify(text);
  const subject = classification.subjects;
  // An action subject ("learning statistics") is found in the question as asked ("learn statistics").
  const context = extractContext(
    text,
    classification.action ? [...subject, cleanSubject(classification.action)] : subject,
    classification.predicate,
  );
  const against = counterQuery(classification, neutralQuery);
  return {
    queryType: classification.type,
    subject,
    context,
    claim: formClaim(text, classification),
    gate: bypassGate(text),
    // The setting stays on the counter-query, once: "MongoDB alternatives failure cases for a
    // banking ledger", but not "… hitting 200k in 2027 in 2027".
    counter: { query: withClause(against.query, context?.clause), intent: against.intent },
  };
}

function withClause(query: string, clause: string | undefined): string {
  return clause && !query.toLowerCase().includes(clause.toLowerCase()) ? `${query} ${clause}` : query;
}

/**
 * German, French and Spanish questions get claims and counter-queries formed in their language;
 * any other language is searched as asked, claim included.
 */
function readOtherLanguage(language: string, text: string, neutralQuery: string): Reading {
  if (hasTemplates(language)) {
    return { ...readInLanguage(text, language), context: null, warning: languageWarning(language, true) };
  }
  return {
    queryType: "fallback",
    subject: [],
    context: null,
    claim: neutralQuery,
    gate: { bypass: false, reason: null },
    counter: null,
    warning: languageWarning(language, false),
  };
}

/** One general call with no date limit: the bypass path, and the fallback when engine diversity is degraded. */
export function singleCall(query: string, limit: number): PlannedCall {
  return call(1, "single", query, ["general"], [], "none", limit);
}

function call(
  id: number,
  role: PlannedCall["role"],
  query: string,
  categories: PlannedCall["categories"],
  engines: string[],
  timeRange: PlanTimeRange,
  limit: number,
): PlannedCall {
  return {
    id,
    role,
    intent: role === "counter" ? "counter" : "neutral",
    query,
    categories,
    engines,
    timeRange,
    limit,
  };
}

function newsDecision(
  text: string,
  timeRange: PlanTimeRange,
  type: QueryType,
  now: Date,
): { wanted: boolean; reason: string } {
  if (timeRange === "week") return { wanted: true, reason: "breaking or current event" };
  if (type === "trend" || type === "policy")
    return { wanted: true, reason: `${type} questions change with events` };
  // How to do something is answered by guides, not by this week's news.
  if (type === "procedural") return { wanted: false, reason: "procedural: answered by guides, not news" };
  // "Were the 2000 election results accurate?" names an event long past: event words don't make it
  // news, only an explicit ask for what is new ("latest findings on the Roman empire") does.
  if (timeRange === "none" && !ASKS_FOR_NEW.test(text)) {
    return { wanted: false, reason: "about the past: answered by older sources" };
  }
  if (wantsNews(text, now)) return { wanted: true, reason: "the question has a recency or event component" };
  return { wanted: false, reason: "no recency or event component" };
}

function clampLimit(limit: number): number {
  if (typeof limit !== "number" || Number.isNaN(limit))
    throw new InvalidInputError("The limit must be a number");
  return Math.min(20, Math.max(1, Math.trunc(limit)));
}
