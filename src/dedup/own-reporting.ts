import { squashedName } from "./byline-credits.js";
import { titleSignature } from "./normalize-title.js";

/**
 * A page that says its own outlet did the reporting ("economists Mint spoke to", "told CNBC",
 * "the complaint, reviewed by NBC News") tells its own story, whatever its headline shares with an
 * agency's: short news compresses to one headline ("RBI cuts repo rate by 25 bps to 6%, changes
 * stance to accommodative" on Mint and on an agency's subscriber). The outlet is the site's name
 * as the title gives it after its last bar or dash ("… | Mint"), or its address's.
 */

/** A capitalised run of up to four words, as an outlet is named. */
const NAME = String.raw`[A-Z][\w&.'’-]*(?:\s[A-Z][\w&.'’-]*){0,3}`;
/**
 * "told CNBC", "spoke to the Guardian", "Speaking to Energy-Storage.news", "reviewed by NBC News":
 * the name after the reporting words.
 */
const AFTER = new RegExp(
  String.raw`\b(?:told|spoke\s+(?:to|with)|[Ss]peaking\s+(?:to|with)|interviewed\s+by|reviewed\s+by|obtained\s+by|seen\s+by)\s+(?:the\s+)?(${NAME})`,
  "g",
);
/** "Mint spoke to", "NBC News reviewed", "The Times has learned": the name before them. */
const BEFORE = new RegExp(
  String.raw`(${NAME})\s+(?:spoke\s+(?:to|with)|interviewed|reviewed|obtained|has\s+learned)\b`,
  "g",
);

/** Whether a page's snippet names its own outlet as the one that reported it. */
export function ownReporting(title: string, snippet: string, site: string | null): boolean {
  if (!/told|spoke|peaking|interviewed|reviewed|obtained|seen by|learned/.test(snippet)) return false;
  const own = new Set<string>();
  if (site !== null) own.add(squashedName(site));
  const titled = titleSignature(title);
  if (titled !== undefined) own.add(squashedName(titled));
  for (const pattern of [AFTER, BEFORE]) {
    for (const match of snippet.matchAll(pattern)) {
      const words = (match[1] as string).split(/\s/);
      // "Economists Mint": the outlet is the run's last words.
      for (let from = 0; from < words.length; from += 1) {
        // An outlet named by its address ("Energy-Storage.news") is its site.
        const named = words.slice(from).join(" ");
        const name = squashedName(named.replace(/\.[a-z]{2,4}$/, ""));
        if (own.has(name) || own.has(`the${name}`)) return true;
      }
    }
  }
  return false;
}
