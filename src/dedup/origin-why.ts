import { mostCommon } from "../util/most-common.js";
import { newsSources } from "./news-sources.js";
import { oneSite } from "./normalise-host.js";
import type { OriginTraits } from "./origin-traits.js";
import { paperTitle, unframedTitle } from "./paper-titles.js";
import type { StudyMention } from "./study-citations.js";
import { studySource } from "./study-keys.js";

/** Why an origin's pages are together: the report's `origins[].why`. */
export const ORIGIN_REASONS = [
  "same-url",
  "syndication",
  "wire",
  "press-release",
  "same-owner",
  "doi",
  "same-study",
  "marketing",
  "single",
] as const;
export type OriginReason = (typeof ORIGIN_REASONS)[number];

/** What tied two pages: the evidence of one link, before the group's reason is named. */
export type LinkKind =
  | "address"
  | "syndication"
  | "passage"
  | "wire"
  | "press-release"
  | "paper"
  | "report"
  | "study"
  | "marketing"
  | "owner";

/** Longest `source` given: it is text from the web, shown as a name, not as a passage. */
const MAX_SOURCE_CHARS = 160;

/**
 * Why pages are one origin: the most specific tie wins — one study, one paper, one agency story,
 * one release, one product — and copies (a shared headline and lede, or shared passages) take the
 * reason of what they copy: copies among which one page is an agency's story are a wire origin
 * (unless one is a release, which the agency retells),
 * copies under hosts of one site are one page (`same-url`),
 * copies of a release a press-release origin, of a paper's page a paper origin (`doi`). Copies of
 * nothing known are syndication; pages tied only by their sites' owner are `same-owner`. A paper
 * with a page that reports it (an encyclopedia's article named after it: `report`) is one study
 * told by several pages (`same-study`), not a paper and its mirrors (`doi`).
 */
export function originWhy(kinds: ReadonlySet<LinkKind>, members: readonly OriginTraits[]): OriginReason {
  const copies = kinds.has("syndication") || kinds.has("passage") || kinds.has("address");
  // Copies of one text under hosts of one site (edition.cnn.com, amp.cnn.com), or one path under
  // its domains (bbc.com, bbc.co.uk): one page.
  const onlyCopies = [...kinds].every(
    (kind) => kind === "syndication" || kind === "passage" || kind === "address",
  );
  if (onlyCopies && oneSite(members.map((member) => member.host))) return "same-url";
  const copiesOf = (trait: (member: OriginTraits) => boolean) => copies && members.some(trait);
  if (kinds.has("study") || kinds.has("report")) return "same-study";
  if (kinds.has("paper") || copiesOf((m) => m.paper)) return "doi";
  // An agency retells a release ("In a press release, the FOMC …"); a release never copies an agency.
  if (kinds.has("press-release") || copiesOf((m) => m.release)) return "press-release";
  // Copies among which a page credits a source other than an agency carry that source's text (an
  // agency's site republishing a nonprofit's article), not the agency's.
  if (copiesOf((m) => m.upstream !== undefined)) return "syndication";
  if (kinds.has("wire") || copiesOf((m) => m.wire)) return "wire";
  if (kinds.has("marketing") || copiesOf((m) => m.marketing !== null)) return "marketing";
  if (copies) return "syndication";
  return "same-owner";
}

/**
 * Who or what the origin is, when its pages say: the study they report, the paper's title, the
 * agency, the release's headline, the product, the source a credit names, the owner.
 */
export function originSource(
  why: OriginReason,
  members: readonly { title: string; traits: OriginTraits }[],
): string | undefined {
  const source = sourceOf(why, members);
  if (source === undefined) return undefined;
  const oneLine = source.replace(/\s+/g, " ").trim();
  if (oneLine === "") return undefined;
  return oneLine.length <= MAX_SOURCE_CHARS ? oneLine : `${oneLine.slice(0, MAX_SOURCE_CHARS - 1)}…`;
}

function sourceOf(
  why: OriginReason,
  members: readonly { title: string; traits: OriginTraits }[],
): string | undefined {
  const traits = members.map((m) => m.traits);
  switch (why) {
    case "same-study":
      // A paper among the pages names the study best: by its title.
      return (
        paperTitleSource(members) ??
        studySource(traits.flatMap((t) => (t.study === null ? [] : [t.study as StudyMention]))) ??
        paperSource(members)
      );
    case "doi":
      return paperSource(members);
    case "wire": {
      const id = mostCommon(traits.flatMap((t) => t.agencies));
      return id === undefined ? undefined : newsSources().wireAgencies.find((a) => a.id === id)?.names[0];
    }
    case "press-release":
      return members.find((m) => m.traits.release)?.title;
    case "marketing":
      return traits.find((t) => t.marketing?.product)?.marketing?.product?.display;
    case "syndication":
      return traits.find((t) => t.upstream !== undefined)?.upstream;
    case "same-owner":
      return mostCommon(traits.flatMap((t) => (t.owner === null ? [] : [t.owner])));
    default:
      return members.length === 1 && traits[0]?.study ? studySource([traits[0].study]) : undefined;
  }
}

/** The paper's title, from a page of it; else its first identifier. */
function paperSource(members: readonly { title: string; traits: OriginTraits }[]): string | undefined {
  return paperTitleSource(members) ?? members.flatMap((m) => m.traits.scholarlyKeys)[0];
}

/** The paper's title, from a page of it. */
function paperTitleSource(members: readonly { title: string; traits: OriginTraits }[]): string | undefined {
  for (const member of members) {
    if (!member.traits.paper) continue;
    const title = paperTitle(member.title);
    if (title) return title.display;
  }
  // A title too short to tie pages by itself still names the paper its reports tie it to.
  const paper = members.find((member) => member.traits.paper && !member.traits.reference);
  if (paper !== undefined && members.some((member) => !member.traits.paper)) {
    const { display, cut } = unframedTitle(paper.title);
    if (!cut && display !== "") return display;
  }
  return undefined;
}
