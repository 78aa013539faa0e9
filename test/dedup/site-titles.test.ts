import { describe, expect, it } from "vitest";
import { assignOrigins } from "../../src/dedup/origins.js";
import { sameTitleLinks } from "../../src/dedup/site-titles.js";
import { originItem as item } from "../helpers/origin-item.js";

describe("one site's pages under one title are one page", () => {
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

  it("leaves apart a title too short to be a page's own, a template's title and pages days apart", () => {
    const page = (title: string, day: number | null = null) => ({ title, site: "example", day });
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
});
