import { describe, expect, it } from "vitest";
import { assignOrigins } from "../../src/dedup/origins.js";
import { sameTitleLinks } from "../../src/dedup/site-titles.js";
import { originItem as item } from "../helpers/origin-item.js";

describe("one site's pages under one title are one page", () => {
  it("ties a report's page to its PDF under the search engine's [PDF] mark", () => {
    const origins = assignOrigins([
      item(
        "https://www.urban.org/research/publication/renters-facing-heat-without-cooling",
        "Renters Facing Extreme Heat Without Cooling | Urban Institute",
        "Jul 8, 2025 — One in five renter households in the hottest metro areas lacks air conditioning ...",
      ),
      item(
        "https://www.urban.org/sites/default/files/2025-07/Renters-Facing-Extreme-Heat-Without-Cooling.pdf",
        "[PDF] Renters Facing Extreme Heat Without Cooling - Urban Institute",
        "Executive summary. Using the American Housing Survey, we estimate ...",
      ),
    ]);
    expect(origins.map((origin) => origin.members)).toEqual([[0, 1]]);
  });

  it("ties a redirecting spelling and an old support id to the page, and nothing of another site", () => {
    const items = [
      item(
        "https://en.wikipedia.org/wiki/Lithium-ion_battery",
        "Lithium-ion battery - Wikipedia",
        "A lithium-ion or Li-ion battery is a type of rechargeable battery.",
      ),
      item(
        "https://en.wikipedia.org/wiki/Lithium_ion_battery",
        "Lithium-ion battery - Wikipedia",
        "Battery life is typically defined as the number of full charge-discharge cycles.",
      ),
      item(
        "https://support.apple.com/en-us/HT208387",
        "iPhone battery and performance - Apple Support",
        "All rechargeable batteries are consumable components.",
      ),
      item(
        "https://support.apple.com/en-us/101575",
        "iPhone battery and performance - Apple Support",
        "Learn about iPhone battery and performance.",
      ),
      item(
        "https://www.example-blog.com/what-is-a-lithium-ion-battery",
        "What is a lithium-ion battery, and why does it wear out? - Example Blog",
        "My notes from taking apart an old laptop pack: what the cells are made of, why they swell, and how I store spares.",
      ),
    ];
    expect(assignOrigins(items).map((o) => [o.members, o.why])).toEqual([
      [[0, 1], "same-url"],
      [[2, 3], "same-url"],
      [[4], "single"],
    ]);
  });

  it("leaves apart a forum's two threads asking one question, and a question and its duplicate", () => {
    const thread = (id: string) =>
      item(
        `https://www.reddit.com/r/HomeImprovement/comments/${id}/how_do_i_stop_condensation_on_the_inside_of_my/`,
        "How do I stop condensation on the inside of my windows? : r/HomeImprovement",
        "Every morning the bottom of the glass is wet and the sills are starting to rot.",
      );
    const question = (id: string) =>
      item(
        `https://diy.stackexchange.com/questions/${id}/how-do-i-stop-window-condensation`,
        "How do I stop condensation on the inside of my windows? - Home Improvement Stack Exchange",
        "Our double-glazed windows fog up inside every winter morning.",
      );
    const origins = assignOrigins([
      thread("18k2x9q"),
      thread("1gq3t5w"),
      question("48213"),
      question("51877"),
    ]);
    expect(origins.map((o) => o.members)).toEqual([[0], [1], [2], [3]]);
  });

  it("leaves apart a title too short to be a page's own, a template's title and pages days apart", () => {
    const page = (title: string, day: number | null = null, path = "/live") => ({
      title,
      site: "example",
      day,
      path: () => path,
    });
    expect(sameTitleLinks([page("Contact us"), page("Contact us")])).toEqual([]);
    const live = page("Live updates: the climate summit talks");
    expect(sameTitleLinks([live, live, live, live, live])).toEqual([]);
    expect(
      sameTitleLinks([
        page("Live updates: the climate summit talks", 100),
        page("Live updates: the climate summit talks", 105),
      ]),
    ).toEqual([]);
    expect(
      sameTitleLinks([
        page("Live updates: the climate summit talks", 100),
        page("Live updates: the climate summit talks", 101),
      ]),
    ).toEqual([[0, 1]]);
  });

  it("leaves apart pages whose title is only the site's own name, their sections taken for its name", () => {
    const page = (title: string, path: string) => ({ title, site: "rbi", day: 20187, path: () => path });
    const release = page("Reserve Bank of India - Press Releases", "/scripts/bs_pressreleasedisplay.aspx");
    const speech = page("Reserve Bank of India - Speeches", "/scripts/bs_speechesview.aspx");
    expect(sameTitleLinks([release, speech])).toEqual([]);
  });
});

describe("a story its own outlet says it reported", () => {
  it("is not tied by a headline word for word to an agency's copy of the same news", () => {
    const headline = "RBI cuts repo rate by 25 bps to 6%, changes stance to accommodative";
    const agencyCopy = item(
      "https://www.business-standard.com/economy/news/rbi-cuts-repo-rate-by-25-bps-125040900321_1.html",
      `${headline} | Economy News - Business Standard`,
      "Apr 9, 2025 — The Reserve Bank on Wednesday cut the benchmark repo rate by 25 basis points to 6 per cent ... (Only the headline and picture of this report may have been reworked by the Business Standard staff; the rest of the content is auto-generated from a syndicated feed.)",
    );
    const own = item(
      "https://www.livemint.com/economy/rbi-mpc-policy-repo-rate-cut-25-bps-6-11744170000000.html",
      `${headline} | Mint`,
      "Apr 9, 2025 — The Reserve Bank of India cut rates for a second straight time. Economists Mint spoke to expect another 50 bps of easing this year ...",
    );
    const copy = item(
      "https://www.example-daily.in/business/rbi-cuts-repo-rate-by-25-bps-to-6-changes-stance",
      `${headline} | Example Daily`,
      "Apr 9, 2025 — The Reserve Bank on Wednesday cut the benchmark repo rate by 25 basis points ...",
    );
    const groups = assignOrigins([agencyCopy, own, copy]).map((origin) => origin.members);
    expect(groups).toEqual([[0, 2], [1]]);
  });
});
