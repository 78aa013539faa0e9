import { describe, expect, it } from "vitest";
import { type NewsroomInput, newsroomCopyLinks } from "../../src/dedup/newsroom-copies.js";
import { assignOrigins } from "../../src/dedup/origins.js";
import { originItem as item } from "../helpers/origin-item.js";

const DAY = 20102; // 2025-01-14
const page = (title: string, over: Partial<NewsroomInput> = {}): NewsroomInput => ({
  title,
  distributed: false,
  release: true,
  site: "kelvara",
  day: DAY,
  path: () => "/newsroom/tundra",
  ...over,
});
const LAUNCH =
  "Kelvara Climate Introduces Tundra Cold-Climate Heat Pump Delivering Full Heating Capacity at 5°F | Business Wire";
const wire = (title: string, day = DAY) => page(title, { distributed: true, site: "businesswire", day });

describe("newsroomCopyLinks: a company's own copy of its distributed release", () => {
  it("ties the newsroom's shorter headline to the distributor's copy of that day", () => {
    const copy = page("Kelvara Introduces Tundra Cold-Climate Heat Pump | Kelvara Newsroom");
    expect(newsroomCopyLinks([wire(LAUNCH), copy])).toEqual([[0, 1]]);
  });

  it("reads a company named in two words, and its news page as its release", () => {
    const release = wire(
      "Aquilent Labs Opens Accredited Microplastics Testing Laboratory for Drinking Water Utilities",
    );
    const news = page("Aquilent Labs Opens Accredited Microplastics Testing Laboratory | Aquilent Labs", {
      release: false,
      site: "aquilentlabs",
      path: () => "/news/aquilent-opens-microplastics-testing-lab",
    });
    const productPage = { ...news, path: () => "/services/microplastics-testing" };
    expect(newsroomCopyLinks([release, news])).toEqual([[0, 1]]);
    expect(newsroomCopyLinks([release, productPage])).toEqual([]);
  });

  it("reads a headline's short name for the company where the site's own name after the bar gives the whole", () => {
    const release = wire(
      "Solvane Energy Unveils 175 Wh/kg Sodium-Ion Cell for Grid Storage and Entry-Level EVs",
    );
    const portal = { ...release, site: "yahoo" };
    const copy = page("Solvane Unveils 175 Wh/kg Sodium-Ion Cell | Solvane Energy Newsroom", {
      site: "solvaneenergy",
    });
    // One release on two portals is one release the copy fits.
    expect(newsroomCopyLinks([release, portal, copy])).toEqual([
      [0, 2],
      [1, 2],
    ]);
    // Without the site's whole name after the bar, a short name says nothing of whose site it is.
    const bare = page("Solvane Unveils 175 Wh/kg Sodium-Ion Cell", { site: "solvaneenergy" });
    const otherName = page("Solvane Unveils 175 Wh/kg Sodium-Ion Cell | Volta News", {
      site: "solvaneenergy",
    });
    expect(newsroomCopyLinks([release, bare, otherName])).toEqual([]);
  });

  it("keeps apart the company's release of another day, another event or another company's site", () => {
    const expo = wire("Kelvara Expands Tundra Line With Ducted Model at AHR Expo 2025", DAY + 27);
    const launchCopyLater = page("Kelvara Introduces Tundra Cold-Climate Heat Pump", { day: DAY + 27 });
    const ownWords = page("Kelvara Introduces Tundra Heat Pump for Northern Homes");
    const retailer = page("Kelvara Introduces Tundra Cold-Climate Heat Pump", { site: "homedepot" });
    expect(newsroomCopyLinks([wire(LAUNCH), expo, launchCopyLater, ownWords, retailer])).toEqual([]);
  });

  it("ties a copy that fits two of the company's releases to neither", () => {
    const second = wire("Kelvara Climate Introduces Tundra Cold-Climate Heat Pump for Canada");
    const copy = page("Kelvara Introduces Tundra Cold-Climate Heat Pump");
    expect(newsroomCopyLinks([wire(LAUNCH), second, copy])).toEqual([]);
  });

  it("makes one press-release origin of the release, its newsroom copy and the pages each took", () => {
    const origins = assignOrigins([
      item(
        "https://www.businesswire.com/news/home/20250114005231/en/Kelvara-Climate-Introduces-Tundra",
        LAUNCH,
        "January 14, 2025 08:00 AM Eastern Standard Time — MINNEAPOLIS--(BUSINESS WIRE)--Kelvara Climate, a maker of residential electrification equipment, today introduced Tundra, a ductless heat pump that keeps 100% of its rated heating output down to 5°F.",
      ),
      item(
        "https://www.kelvara.com/newsroom/kelvara-introduces-tundra-cold-climate-heat-pump",
        "Kelvara Introduces Tundra Cold-Climate Heat Pump | Kelvara Newsroom",
        "Jan 14, 2025 — Tundra keeps full rated heating output at 5°F and continues to run at -22°F, giving homeowners in northern states an option to retire oil and propane furnaces.",
      ),
    ]);
    expect(origins.map((o) => [o.members, o.why])).toEqual([[[0, 1], "press-release"]]);
  });
});
