import { type CuePhrase, stanceWords } from "./stance-words.js";
import type { WordInfo } from "./word-info.js";

/**
 * The features of a text's cue words and phrases (src/data/stance-words.json): refuting, hedging
 * and confirming words, refuting and hedging phrases, and phrases of a verdict withheld, each by
 * name and in counts weighed by `ov` (the share of the claim the text names). They say how a text
 * speaks, whatever its topic, so a cue learnt on one claim counts on another.
 */
export function addCueFeatures(
  infos: readonly WordInfo[],
  tokens: readonly string[],
  textLower: string,
  ov: number,
  add: (name: string, value?: number) => void,
): void {
  const words = stanceWords();
  // The tokens between spaces, joined only for a text that holds a phrase's first token.
  let joined: string | undefined;
  const spells = (padded: string): boolean => {
    joined ??= ` ${tokens.join(" ")} `;
    return joined.includes(padded);
  };
  const lower = ` ${textLower} `;

  let refute = 0;
  let hedge = 0;
  let confirm = 0;
  for (const info of infos) {
    if (info.refute) {
      refute++;
      add(`r:${info.word}`);
    }
    if (info.hedge) {
      hedge++;
      add(`h:${info.word}`);
    }
    if (info.confirm) {
      confirm++;
      add(`c:${info.word}`);
    }
  }
  // A phrase found between spaces begins with a whole token: a text without that token is passed
  // over without searching it. Only such first words are asked about.
  const leads = new Set<string>();
  for (const info of infos) if (info.phraseLead) leads.add(info.word);
  for (const phrase of phrasesFound(words.refutePhrases, leads, (p) => spells(p) || lower.includes(p))) {
    refute++;
    add(`rp:${phrase}`);
  }
  // A hedge phrase counts anywhere in the text, or spelt by its tokens. One pattern of them all
  // spares searching the text for each when it holds none, and a text without a phrase's first
  // token cannot spell it.
  const anyHedge = words.hedgePattern.test(lower);
  for (const { phrase, padded, lead, spellable } of words.hedgePhrases) {
    const inText = anyHedge && lower.includes(phrase);
    if (inText || (spellable && (lead === undefined || leads.has(lead)) && spells(padded))) {
      hedge++;
      add(`hp:${phrase}`);
    }
  }
  // A verdict withheld, made conditional or given both ways, spelt by the text's words.
  const balance = phrasesFound(words.balancePhrases, leads, spells);
  for (const phrase of balance) add(`bp:${phrase}`);
  if (balance.length > 0) {
    add("balance");
    add("balance*ov", ov);
  }
  if (refute > 0) {
    add("refute");
    add("refute*ov", ov);
  }
  if (hedge > 0) {
    add("hedge");
    add("hedge*ov", ov);
  }
  if (confirm > 0) add("confirm");
  if (refute > 0 && hedge === 0) add("refute-only");
  if (hedge > 0 && refute === 0) add("hedge-only");
}

/** The phrases of `list` that `found` finds, asked only of a text holding the phrase's first token. */
function phrasesFound(
  list: readonly CuePhrase[],
  leads: ReadonlySet<string>,
  found: (padded: string) => boolean,
): string[] {
  const phrases: string[] = [];
  for (const { phrase, padded, lead } of list) {
    if (lead !== undefined && !leads.has(lead)) continue;
    if (found(padded)) phrases.push(phrase);
  }
  return phrases;
}
