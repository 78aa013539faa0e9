import { describe, expect, it } from "vitest";
import { assignOrigins } from "../../src/dedup/origins.js";
import { originItem as item } from "../helpers/origin-item.js";

const TITLE = "Talks on a global treaty to curb plastic pollution end without a deal";
const ap = item(
  "https://apnews.com/article/plastic-pollution-treaty-talks-busan-no-agreement-6d2f9a4c8e1b",
  `${TITLE} | AP News`,
  "BUSAN, South Korea (AP) — Negotiators from more than 170 countries failed to finish a treaty on plastic pollution after a week of talks.",
);
const abcCopy = item(
  "https://abcnews.go.com/International/wireStory/talks-global-treaty-curb-plastic-pollution-end-deal-116362587",
  `${TITLE} - ABC News`,
  "BUSAN, South Korea -- Countries could not agree on a plastic pollution treaty after a week of negotiations, as oil-producing states blocked caps.",
);

describe("agency copy that names no agency", () => {
  it("is the copy of the one agency story under its headline", () => {
    expect(assignOrigins([ap, abcCopy]).map((o) => [o.members, o.why])).toEqual([[[0, 1], "wire"]]);
  });

  it("is neither's copy when two agencies' stories share its headline, nor a copy under another", () => {
    const reuters = item(
      "https://www.reuters.com/business/environment/plastics-treaty-talks-2024-12-01/",
      `${TITLE} | Reuters`,
      "BUSAN, South Korea, Dec 1 (Reuters) - Talks on a legally binding treaty broke up without a deal on Sunday.",
    );
    const otherStory = item(
      "https://abcnews.go.com/International/wireStory/oil-states-block-plastic-production-cap-116362588",
      "Oil-producing states block a cap on plastic production at Busan talks - ABC News",
      "BUSAN, South Korea -- A bloc of oil-producing nations resisted limits on how much plastic is made.",
    );
    const groups = assignOrigins([ap, reuters, abcCopy, otherStory]).map((o) => o.members);
    expect(groups).toContainEqual([2]);
    expect(groups).toContainEqual([3]);
  });
});
