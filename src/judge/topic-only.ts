import { segments } from "./claim-cues.js";
import { claimWordLists } from "./claim-words.js";
import { type PairReading, readPair } from "./stance-features.js";

/**
 * A search result that names the claim's subject but says nothing of what the claim says of it — a
 * guide, a definition, a recipe, a product list, a how-it-is-made page — takes no side, however
 * much it repeats the subject. Such a text names neither the claim's predicate nor its object, and
 * holds no word that could carry a side: no cue of the predicate's kind (effects, safety, harm,
 * comparison), no refuting or confirming word, no negation and, when the claim itself praises or
 * blames ("X is safe", "X is a waste of money"), no praise or blame either.
 *
 * Only a text of several parts is read so (a title and its snippet, or several sentences): a lone
 * sentence is often an argument that takes its side in words of its own ("Restrictions protect
 * bystanders" on a smoking ban), and is left to the model.
 */
export function namesOnlyTheTopic(claim: string, text: string): boolean {
  return readsAsTopicOnly(text, readPair(claim, text));
}

/** {@link namesOnlyTheTopic} of a text the judge has already read against the claim. */
export function readsAsTopicOnly(
  text: string,
  pair: Pick<PairReading, "ngrams" | "predicateSeen" | "claimHasPredicate" | "claimValenced">,
): boolean {
  if (!pair.claimHasPredicate || pair.predicateSeen || segments(text).length < 2) return false;
  const cues = sideWords();
  for (const info of pair.ngrams.words) {
    if (info.refute || info.confirm || info.negation || cues.has(info.word)) return false;
    if (pair.claimValenced && info.valence !== 0) return false;
  }
  return true;
}

let words: ReadonlySet<string> | undefined;

/** Every word that says something of a predicate, of whatever kind (src/data/claim-words.json). */
function sideWords(): ReadonlySet<string> {
  if (words) return words;
  const lists = claimWordLists();
  const all = new Set<string>();
  for (const family of Object.values(lists.cueWords))
    for (const w of [...family.affirm, ...family.deny]) all.add(w);
  for (const list of [
    lists.safeWords,
    lists.harmWords,
    lists.increaseVerbs,
    lists.decreaseVerbs,
    lists.worksVerbs,
  ])
    for (const w of list) all.add(w);
  for (const comparative of lists.comparatives) for (const w of comparative.words) all.add(w);
  words = all;
  return all;
}
