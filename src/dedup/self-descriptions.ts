/**
 * A company's description of itself, which opens every release it sends: "Acme Bio, Inc. (Nasdaq:
 * ACMB), a clinical-stage company developing oral therapies for rare diseases, today announced …".
 * Its releases about one product on different dates (a conference presentation, then results a
 * year later) open with the same words, so the description says nothing of which announcement a
 * text is; what follows "today announced" does. Search results often cut the snippet inside it
 * ("… a clinical-stage company developing oral …"): then it runs to the end.
 */

/** The name: capitalised words (or "of", "and", "&" between them), a legal form, tickers in brackets. */
const NAME = String.raw`[A-Z0-9][\w&.'’+-]*(?: (?:[A-Z0-9][\w&.'’+-]*|of|and|&|for|de|la)){0,6}?`;
const LEGAL_FORM = String.raw`(?:,? (?:Inc|Corp|Corporation|Ltd|LLC|plc|PLC|AG|SE|SA|S\.A|NV|N\.V|GmbH|Co|Limited|Holdings|LP|L\.P)\.?)?`;
const BRACKETS = String.raw`(?: ?\([^()]{1,80}\))*`;
/** ", a …" / ", an …" / ", the …": an apposition after the name, closed by ", today announced" and the like. */
const APPOSITION = ", (?:a|an|the) ";
const CLOSE = String.raw`,? (?:today|announced|reported|unveiled|launched|introduced|said)\b`;

const OPENING = new RegExp(`^${NAME}${LEGAL_FORM}${BRACKETS}(?=${APPOSITION})`);
const CLOSING = new RegExp(CLOSE);
/** Words that say what kind of organisation the apposition describes. */
const WHO =
  /\b(?:company|developer|maker|manufacturer|provider|leader|pioneer|innovator|platform|firm|biotech|biotechnology|biopharmaceutical|start-?up|supplier|producer|organi[sz]ation|network|designer|operator|retailer|brand|creator|specialist)\b/i;
/** Longest description removed: past this without its closing, the text is left as it is. */
const MAX_DESCRIPTION_CHARS = 400;

/**
 * The text without the company's description of itself after its name at the start ("Acme Bio,
 * Inc. (Nasdaq: ACMB) today announced …"); the text itself when it opens otherwise. A description
 * cut off by the end of the text is removed to the end.
 */
export function withoutSelfDescription(text: string): string {
  const name = OPENING.exec(text);
  if (name === null) return text;
  const start = name[0].length;
  const rest = text.slice(start, start + MAX_DESCRIPTION_CHARS + 1);
  const close = CLOSING.exec(rest);
  let end: number;
  if (close !== null) end = start + close.index;
  else if (text.length - start <= MAX_DESCRIPTION_CHARS) end = text.length;
  else return text;
  if (!WHO.test(text.slice(start, end))) return text;
  return `${text.slice(0, start)}${text.slice(end).replace(/^,/, "")}`;
}
