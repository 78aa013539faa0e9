import { appendTo } from "../util/append-to.js";
import { escapeRegExp } from "../util/escape-reg-exp.js";
import { readDataFile } from "../util/read-data-file.js";
import { WEEKDAY } from "./address-date.js";
import type { PageAddress } from "./page-address.js";

/**
 * Journals as pages name them: "published in the journal Nature Medicine", "in JAMA", a paper's
 * own journal site (nejm.org), an abbreviation folded into its name ("Nat Med" is Nature
 * Medicine). Word lists: src/data/study-words.json (journalAliases, singleWordJournals,
 * journalSites). Used to tell which study a report cites (study-citations.ts) and which paper a
 * news report is of (paper-reports.ts).
 */

export interface Journal {
  /** Lower case, aliases folded: what two pages are compared by. */
  key: string;
  /** As written. */
  name: string;
}

interface Tables {
  /** "published in the journal X", "the journal X", "a paper in X", "in the X". */
  named: RegExp;
  /** An alias in capitals: "in JAMA", "the BMJ". */
  alias: RegExp;
  aliases: ReadonlyMap<string, string>;
  singleWordJournals: ReadonlySet<string>;
  /** Host (not its subdomains) → the journals with a site there, each under its path prefix. */
  sites: (host: string) => { path: string; key: string; name: string }[];
}

let tables: Tables | undefined;

/** A journal's name: capitalised words and the small words between them. */
const NAME = String.raw`[A-Z][\p{L}'’.&-]*(?:\s+(?:[A-Z][\p{L}'’.&-]*|of|the|and|&|for|in|on))*`;
/** Words that make a capitalised phrase a journal's name. */
const JOURNAL_WORD =
  /\b(?:Journal|Review|Reviews|Proceedings|Annals|Archives|Reports|Letters|Medicine|Sciences?|Nutrition|Research|Health|Care|Bulletin|Quarterly|Psychiatry|Psychology|Cardiology|Oncology|Pediatrics|Neurology|Endocrinology|Metabolism|Communications|PLOS|JAMA|BMJ|Lancet|Nature|Cell)\b/;
/** A full stop after a word of four letters or more, and what follows it. */
const SENTENCE_END = /(?<=\p{L}{4})\.\s.*$/su;
/** Small words a journal's name does not end with ("… Journal of the" cut off mid-name). */
const TRAILING_SMALL_WORDS = new Set(["of", "the", "and", "&", "for", "in", "on"]);

function journalTables(): Tables {
  if (tables) return tables;
  const words = readDataFile("study-words.json") as {
    journalAliases: Record<string, string>;
    singleWordJournals: string[];
    journalSites: { site: string; journal: string; name: string }[];
  };
  const aliasNames = Object.keys(words.journalAliases)
    .filter((alias) => /^[a-z ]+$/.test(alias) && !alias.includes(" ") && alias.length <= 5)
    .map((alias) => alias.toUpperCase());
  tables = {
    named: new RegExp(
      String.raw`\b(?:(?:published|appearing|appears|appeared|appear|reported|described|out)\s+(?:(?:the|their|its|his|her)\s+(?:findings|results|study|research|work|paper|data)\s+)?(?:online\s+|today\s+|yesterday\s+|recently\s+|this\s+\w+\s+|(?:on\s+)?${WEEKDAY}\s+)?in\s+(?:the\s+)?(?:(?:medical|scientific|peer-reviewed)\s+)?(?:journal\s+)?|\bthe\s+journal\s+|\b(?:paper|study|article|analysis)\s+in\s+(?:the\s+)?(?:journal\s+)?|\bin\s+the\s+(?=[A-Z]))(${NAME})`,
      "gu",
    ),
    // Not when the alias begins a longer name ("JAMA Internal Medicine"), read by `named`.
    alias: new RegExp(
      String.raw`\b(?:in|the)\s+(${[...aliasNames, "The Lancet", "Lancet"].map(escapeRegExp).join("|")})\b(?!\s+[A-Z])`,
      "g",
    ),
    aliases: new Map(Object.entries(words.journalAliases)),
    singleWordJournals: new Set(words.singleWordJournals),
    // A site is its host alone: a publisher's other journals live under it (gut.bmj.com is Gut).
    sites: (() => {
      const byHost = new Map<string, { path: string; key: string; name: string }[]>();
      for (const { site, journal, name } of words.journalSites) {
        const slash = site.indexOf("/");
        const [host, path] = slash < 0 ? [site, "/"] : [site.slice(0, slash), site.slice(slash)];
        appendTo(byHost, host, { path, key: journal, name });
      }
      return (host: string) => byHost.get(host) ?? [];
    })(),
  };
  return tables;
}

/** Journals a text names as where a study was published (key → the name as written). */
export function journalsNamed(text: string): Map<string, string> {
  const t = journalTables();
  const journals = new Map<string, string>();
  for (const pattern of [t.named, t.alias]) {
    for (const match of text.matchAll(pattern)) {
      const journal = journalOf(match[1] ?? "");
      if (journal) journals.set(journal.key, journal.name);
    }
  }
  return journals;
}

/**
 * The journals a title's frame names after its bars ("… | Seismological Research Letters |
 * GeoScienceWorld") or its last dash ("… - The American Journal of Clinical Nutrition"): a paper's
 * page on its journal's site names its journal so.
 */
export function framedJournals(title: string): Set<string> {
  const keys = new Set<string>();
  for (const segment of title.split(" | ").slice(1)) {
    const journal = journalOf(segment.trim());
    if (journal) keys.add(journal.key);
  }
  const last = journalAfterDash(title);
  if (last !== null) keys.add(last.key);
  return keys;
}

/**
 * A title's last part after a dash, when it is a journal's name: "… Cohort - The American Journal
 * of Clinical Nutrition"; not a subtitle saying what kind of paper it is ("… - A Systematic Review").
 */
const AFTER_DASH = /\s[-–—]\s(?!an?\s)([^|–—-]{4,100})$/iu;

/** The journal a title's last part after a dash names, or null. */
export function journalAfterDash(title: string): Journal | null {
  const segment = AFTER_DASH.exec(title.trim())?.[1];
  return segment === undefined ? null : journalOf(segment.trim());
}

/** Whether a name is a journal's known alias ("JAMA", "NEJM"): never a trial's name. */
export function isJournalAlias(name: string): boolean {
  return journalTables().aliases.has(name.toLowerCase());
}

/** The journal a name is, or null when it is no journal's ("Nature found …"). */
export function journalOf(raw: string): Journal | null {
  const t = journalTables();
  const name = trimmedJournalName(raw);
  const lower = name.toLowerCase();
  const alias = t.aliases.get(lower);
  if (alias !== undefined) return { key: alias, name };
  if (!JOURNAL_WORD.test(name) && !t.singleWordJournals.has(name)) return null;
  // "Nature found …" is no journal unless "Nature" is the whole name.
  if (name.split(/\s+/).length === 1 && !t.singleWordJournals.has(name)) return null;
  return { key: lower.replace(/^the\s+/, "").replace(/&/g, "and"), name };
}

/** The journal whose own site a page is on ("nejm.org", "jamanetwork.com/journals/jama/"), or null. */
export function siteJournal(address: PageAddress): Journal | null {
  const site = journalTables()
    .sites(address.host)
    .find(({ path }) => address.pathname.startsWith(path));
  return site ? { key: site.key, name: site.name } : null;
}

/**
 * The name without the small words and the punctuation it ends with, cut word by word and character
 * by character: the patterns that did it (`(?:\s+(?:of|…))+$`, `[.,;:]+$`) were quadratic in a run
 * of spaces or of dots.
 */
function trimmedJournalName(raw: string): string {
  // A sentence ends after a whole word ("… in Nature Energy. Real cars …"), not after an
  // abbreviation ("J. Am. Coll. Cardiol.").
  const words = raw.replace(SENTENCE_END, "").split(/\s+/u);
  // A name that began with a space keeps its first (empty) word: it is the name's start.
  while (words.length > 1 && TRAILING_SMALL_WORDS.has(words.at(-1) as string)) words.pop();
  const name = words.join(" ");
  let end = name.length;
  while (end > 0 && ".,;:".includes(name[end - 1] as string)) end -= 1;
  return name.slice(0, end);
}
