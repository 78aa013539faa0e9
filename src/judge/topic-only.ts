import { claimCues, segments } from "./claim-cues.js";
import { type ClaimParts, parseClaim } from "./claim-parts.js";
import { claimWordLists } from "./claim-words.js";
import { valenceOf, wordsOf } from "./word-info.js";

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
  const { parts, valenced, cues } = readClaim(claim);
  if (parts.predicate.length === 0 || segments(text).length < 2) return false;
  if (claimCues(parts, text).predicateSeen) return false;
  for (const info of wordsOf(text.toLowerCase())) {
    if (info.refute || info.confirm || info.negation || cues.has(info.word)) return false;
    if (valenced && info.valence !== 0) return false;
  }
  return true;
}

let lastClaim: { claim: string; parts: ClaimParts; valenced: boolean; cues: ReadonlySet<string> } | undefined;

function readClaim(claim: string): NonNullable<typeof lastClaim> {
  if (lastClaim?.claim === claim) return lastClaim;
  lastClaim = {
    claim,
    parts: parseClaim(claim),
    valenced: valenceOf(wordsOf(claim.toLowerCase())).net !== 0,
    cues: sideWords(),
  };
  return lastClaim;
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
