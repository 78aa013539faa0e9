import { newsSources } from "./news-sources.js";

/**
 * What a page says about whose text it carries, beyond an agency's dateline (wire-agencies.ts):
 * "This article is republished from The Conversation under a Creative Commons license", "This
 * story was originally published by ProPublica", "This story comes from NPR's health reporting
 * partnership with KFF Health News", "Distributed by APO Group on behalf of …", "This
 * story has not been edited by … staff and is auto-generated from a syndicated feed". A named
 * source is an agency (a wire copy), a release distributor (a press release) or anyone else (a
 * syndicated copy of that source); "Materials provided by …" marks a research institution's release
 * a science site republishes. The sentences are in src/data/news-sources.json.
 */

export interface Credit {
  kind: "wire" | "press-release" | "syndication";
  /** The agency's id (src/data/news-sources.json) for a wire copy whose agency is named. */
  agency?: string;
  /** The source as the credit names it, when it does. */
  source?: string;
}

interface Compiled {
  credits: readonly { pattern: RegExp; kind: "wire" | "syndication" | "press-release" | "by-name" }[];
  /** Every credit and boilerplate sentence, to be left out when texts are compared. */
  strip: RegExp;
  agencies: readonly { id: string; names: readonly string[] }[];
  distributors: ReadonlySet<string>;
}

let compiled: Compiled | undefined;

function compiledCredits(): Compiled {
  if (compiled) return compiled;
  const sources = newsSources();
  const credits = sources.republishingCredits.map(({ pattern, kind }) => ({
    pattern: new RegExp(pattern, "u"),
    kind,
  }));
  // A credit or boilerplate sentence is left out up to the end of its sentence.
  const sentences = [...sources.republishingCredits.map(({ pattern }) => pattern), ...sources.boilerplate];
  compiled = {
    credits,
    strip: new RegExp(`(?:${sentences.map((s) => `(?:${s})`).join("|")})[^.!?]*[.!?]?`, "gu"),
    agencies: sources.wireAgencies.map((agency) => ({ id: agency.id, names: agency.names })),
    distributors: new Set(sources.releaseDistributorNames.map((name) => name.toLowerCase())),
  };
  return compiled;
}

/**
 * Every credit sentence has one of these in it; most texts have none. Fragments without their
 * first letter, so that either case of it is found without a case-blind search: quick.
 */
const CUE =
  /epublished|riginally|irst (?:published|appeared)|(?:ublished|roduced|rovided|ritten|eported|istributed|yndicated) (?:by|on|in|at|from|via)|uto-generated|dited by|eworked|ource:|artnership with|ollaboration with|ational newsroom/;

/** The credits a text gives, in the order of the credit sentences. */
export function republishingCredits(text: string): Credit[] {
  if (!CUE.test(text)) return [];
  const { credits, agencies, distributors } = compiledCredits();
  const found: Credit[] = [];
  for (const { pattern, kind } of credits) {
    const match = pattern.exec(text);
    if (!match) continue;
    if (kind === "wire") found.push({ kind: "wire" });
    else if (kind === "syndication" || kind === "press-release") found.push({ kind, ...named(match[1]) });
    else {
      const name = (match[1] ?? "").trim();
      const agency = agencies.find(({ names }) => names.some((n) => name === n || name === `The ${n}`));
      if (agency) found.push({ kind: "wire", agency: agency.id, source: name });
      else if (distributors.has(name.toLowerCase())) found.push({ kind: "press-release", source: name });
      else if (name !== "") found.push({ kind: "syndication", source: name });
    }
  }
  // One sentence may answer to two patterns: each credit once.
  const unique = new Map(found.map((credit) => [`${credit.kind}:${credit.agency}:${credit.source}`, credit]));
  return [...unique.values()];
}

function named(name: string | undefined): { source?: string } {
  return name === undefined || name.trim() === "" ? {} : { source: name.trim() };
}

/** Every credit and boilerplate sentence has one of these in it; most texts have none. */
const STRIP_CUE = new RegExp(
  `${CUE.source}|©|opyright|OPYRIGHT|ights [Rr]eserved|ewsletter|lick [Hh]ere|ookies|ubscribe|ead (?:[Mm]ore|the original)`,
);

/** The text without its credit and boilerplate sentences: what copies of one text share. */
export function withoutBoilerplate(text: string): string {
  return STRIP_CUE.test(text) ? text.replace(compiledCredits().strip, " ") : text;
}
