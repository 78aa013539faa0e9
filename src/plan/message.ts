import { readDataFile } from "../util/read-data-file.js";

/**
 * The question inside a message that explains before it asks: "My sister says coffee stunts growth.
 * Is that true?" asks whether coffee stunts growth; "I've run for a year and my coach told me X.
 * Does stretching help?" asks the last sentence. The context says who claims what; the claim is what
 * is asked, so the context stays out of the claim and the queries. Words per language in
 * src/data/message-frames.json.
 */

export interface MessageQuestion {
  /** The question the planner reads: the message itself when it is one question. */
  question: string;
  /** Who the message says made the claim ("My sister says"), when it names one. */
  source: string | null;
}

interface Frames {
  referBack: RegExp;
  frame: RegExp;
  inlineAsk: RegExp;
  ask: string;
}

let frames: Map<string, Frames> | undefined;

function framesOf(language: string): Frames | undefined {
  frames ??= new Map(
    Object.entries(readDataFile("message-frames.json") as Record<string, unknown>).flatMap(([name, raw]) => {
      if (name === "about") return [];
      const words = raw as Record<keyof Frames, string>;
      const pattern = (source: string) => new RegExp(source, "iu");
      return [
        [
          name,
          {
            referBack: pattern(words.referBack),
            frame: pattern(words.frame),
            inlineAsk: pattern(words.inlineAsk),
            ask: words.ask,
          },
        ],
      ];
    }),
  );
  return frames.get(language);
}

/** Abbreviations a sentence does not end at ("Dr. Smith says …"). */
const ABBREVIATION =
  /(?:^|\s)(?:dr|mr|mrs|ms|prof|st|vs|etc|no|approx|ca|sr|sra|dra|e\.g|i\.e|z\.b|bzw|usw|p\.ex)\.$/iu;

export function questionOfMessage(message: string, language: string): MessageQuestion {
  const words = framesOf(language);
  const asIs = { question: message, source: null };
  if (!words) return asIs;
  const sentences = sentencesOf(message, words.referBack);
  const last = sentences.at(-1) ?? message;
  // "my dentist wants me to use X, is it true that Y?": the question starts at its cue.
  const cue = words.inlineAsk.exec(last);
  if (cue && cue.index + cue[0].length > 0 && last.slice(0, cue.index).trim() !== "") {
    return { question: last.slice(cue.index + cue[0].length).trim(), source: null };
  }
  if (sentences.length < 2) return asIs;
  const before = sentences.at(-2) as string;
  if (words.referBack.test(bare(last))) {
    const reported = bare(before);
    const frame = words.frame.exec(reported);
    const claim = frame?.[1]?.trim() ?? reported;
    const source = frame ? reported.slice(0, reported.length - claim.length).replace(/[\s,:]+$/u, "") : null;
    // German puts the verb last after "dass": the claim gets the order of a statement.
    const subordinate = /\bdass\s+$/iu.test(reported.slice(0, reported.length - claim.length));
    const stated = subordinate ? verbSecond(claim) : claim;
    return {
      question: askAbout(stated, words.ask, language),
      source: source?.replace(/,?\s*dass$/iu, "") || null,
    };
  }
  // Context around a question of its own: the question is the last sentence that asks.
  const question = sentences.findLast((sentence) => /[?？]\s*$/u.test(sentence));
  return question ? { question, source: null } : asIs;
}

/** The message's sentences, and a question referring back after a comma as one more. */
function sentencesOf(message: string, referBack: RegExp): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (const match of message.matchAll(/[.!?…]+["”»)]*\s+/gu)) {
    const end = (match.index ?? 0) + match[0].length;
    const sentence = message.slice(start, end).trim();
    if (ABBREVIATION.test(sentence.replace(/["”»)]+$/u, ""))) continue;
    sentences.push(sentence);
    start = end;
  }
  const rest = message.slice(start).trim();
  if (rest) {
    // "…, is that right?": a question that refers back after a comma is a sentence of its own.
    const comma = rest.lastIndexOf(",");
    const tail = comma > 0 ? rest.slice(comma + 1).trim() : "";
    if (tail && referBack.test(bare(tail))) sentences.push(rest.slice(0, comma).trim(), tail);
    else sentences.push(rest);
  }
  return sentences.filter(Boolean);
}

/** A sentence without its closing punctuation and Spanish opening marks. */
function bare(sentence: string): string {
  return sentence
    .replace(/^[¿¡\s]+/u, "")
    .replace(/[\s.!?…¿¡"”»]+$/u, "")
    .trim();
}

/**
 * A reported claim asked about. In English, "X is Y" is asked as "Is X Y?", as the planner reads it
 * best; other claims go into the language's "is it true that" frame.
 */
function askAbout(claim: string, ask: string, language: string): string {
  if (language === "en") {
    const copula = /^([^,;:]{1,60}?) (is|are) (.+)$/iu.exec(claim);
    if (copula && !/\b(?:that|which|who)\b/iu.test(copula[1] as string)) {
      const verb = (copula[2] as string).toLowerCase() === "are" ? "Are" : "Is";
      return `${verb} ${copula[1]} ${copula[3]}?`;
    }
  }
  return ask.replace("{claim}", claim);
}

/** Words that open a German noun phrase of two words ("der Kaffee", "mein Arzt"). */
const GERMAN_DETERMINER =
  /^(?:der|die|das|den|dem|des|ein|eine|einer|eines|einem|einen|kein|keine|mein|meine|dein|deine|sein|seine|ihr|ihre|unser|unsere|euer|eure|dieser|diese|dieses|jeder|jede|jedes|zu|viel|viele)$/iu;

/**
 * "Spinat viel Eisen enthält" → "Spinat enthält viel Eisen": a German clause after "dass" ends with
 * its verb; as a statement the verb follows the subject, taken as the first word or, after an
 * article, the first two.
 */
function verbSecond(clause: string): string {
  const words = clause.split(/\s+/u);
  if (words.length < 3) return clause;
  const verb = words.pop() as string;
  const subject = GERMAN_DETERMINER.test(words[0] as string) ? 2 : 1;
  return [...words.slice(0, subject), verb, ...words.slice(subject)].join(" ");
}
