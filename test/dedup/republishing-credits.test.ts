import { describe, expect, it } from "vitest";
import {
  type Credit,
  republishingCredits,
  withoutBoilerplate,
} from "../../src/dedup/republishing-credits.js";

describe("republishingCredits: whose text a page says it carries", () => {
  it.each<[string, Credit[]]>([
    [
      "This article is republished from The Conversation under a Creative Commons license. Read the original article.",
      [{ kind: "syndication", source: "The Conversation" }],
    ],
    ["This story was originally published by ProPublica.", [{ kind: "syndication", source: "ProPublica" }]],
    [
      "Corn treated with RZ-88 yielded within 1% of fully fertilized plots. (Source: Rhizora Biosciences)",
      [{ kind: "syndication", source: "Rhizora Biosciences" }],
    ],
    [
      "This article was produced by KFF Health News. A federal rule …",
      [{ kind: "syndication", source: "KFF Health News" }],
    ],
    [
      "Corner store owners say they got little guidance. This story comes from NPR's health reporting partnership with KFF Health News.",
      [{ kind: "syndication", source: "KFF Health News" }],
    ],
    [
      "Few filters have been tested against the smallest particles ... KFF Health News is a national newsroom that produces in-depth journalism about health issues.",
      [{ kind: "syndication", source: "KFF Health News" }],
    ],
    [
      "Distributed by APO Group on behalf of the Ministry of Health.",
      [{ kind: "press-release", source: "APO Group" }],
    ],
    [
      "This story was provided by The Associated Press.",
      [{ kind: "wire", agency: "ap", source: "The Associated Press" }],
    ],
    [
      "This report is auto-generated from ANI news service.",
      [{ kind: "wire", agency: "ani", source: "ANI" }],
    ],
    [
      "(This story has not been edited by Devdiscourse staff and is auto-generated from a syndicated feed.)",
      [{ kind: "wire" }],
    ],
    [
      "Story Source: Materials provided by University of Bath. Note: Content may be edited for style and length.",
      [{ kind: "press-release", source: "University of Bath" }],
    ],
    ["The council said the rule was published in the gazette on Monday.", []],
    ["Figures provided by the health ministry show a rise.", []],
  ])("%j", (text, expected) => {
    expect(republishingCredits(text)).toEqual(expected);
  });

  it("leaves credit lines and boilerplate out of the text copies are compared by", () => {
    expect(
      withoutBoilerplate(
        "This story was originally published by KFF Health News. A federal rule removing medical bills will help. © 2025 KFF. All rights reserved.",
      ).trim(),
    ).toBe("A federal rule removing medical bills will help.");
    expect(withoutBoilerplate("Plain text with nothing to leave out.")).toBe(
      "Plain text with nothing to leave out.",
    );
  });
});
