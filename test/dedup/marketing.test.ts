import { describe, expect, it } from "vitest";
import { marketingOf } from "../../src/dedup/marketing.js";
import { assignOrigins } from "../../src/dedup/origins.js";
import { pageAddress } from "../../src/dedup/page-address.js";
import { productLinks } from "../../src/dedup/product-links.js";
import { qualityOf } from "../../src/dedup/quality.js";
import { readDataFile } from "../../src/util/read-data-file.js";
import { originItem } from "../helpers/origin-item.js";

const selling = (url: string, title: string, snippet = "") =>
  marketingOf({ domain: new URL(url).hostname.replace(/^www\./, ""), title, snippet }, pageAddress(url));

describe("marketingOf: pages that sell", () => {
  it.each([
    [
      "a shop's product page",
      "https://www.amazon.com/dp/B0CX4Z7Q1L",
      "Amazon.com: LeptiSlim Pro, 60 Capsules",
      "",
    ],
    ["an affiliate link", "https://deals.example.com/leptislim?aff_id=7781", "LeptiSlim Pro", ""],
    [
      "words only a selling page writes",
      "https://leptislimpro.example.com/",
      "LeptiSlim Pro",
      "Order now with free shipping.",
    ],
    [
      "two common selling signs",
      "https://reviews.example.com/leptislim",
      "LeptiSlim Pro Review: Coupon Code",
      "Get 20% off on the official website.",
    ],
    [
      "a shop path and a selling sign",
      "https://vendor.example.com/products/leptislim",
      "LeptiSlim Pro",
      "Limited time offer.",
    ],
    [
      "an affiliate's own discount code",
      "https://www.moodfoodmama.com/crocella-review/",
      "Crocella Review: I Tried Solenne's Saffron Supplement for 60 Days",
      "Honestly, that's what sold me. Use my code MAMA15 for 15% off.",
    ],
    [
      "a review sending its readers to a shop",
      "https://www.restfulhq.com/calmwell-deep-sleep-magnesium-review/",
      "Calmwell Deep Sleep Magnesium Review 2025: Is It Worth It? - RestfulHQ",
      "Calmwell combines three forms of magnesium to help you fall asleep faster. Our verdict: 4.8/5. Check price on Amazon ...",
    ],
    [
      "a hardware chain's listing",
      "https://www.acehardware.com/departments/emergency-preparedness/weather-radios/8012345",
      "Alertwell SR-300 Weather Alert Radio - Ace Hardware",
      "Monitors all 7 NOAA Weather Radio channels and sounds a 90 dB siren for warnings in your county.",
    ],
    [
      "a British motoring chain's listing",
      "https://www.halfords.com/technology/dash-cams/oculon-n4-pro-4k-dash-cam-123456.html",
      "Oculon N4 Pro 4K Front and Rear Dash Cam | Halfords UK",
      "With a Sony STARVIS 2 sensor and F1.4 lens, the Oculon N4 Pro captures clear 4K footage day and night.",
    ],
    [
      "a store pickup and a same-day delivery offer",
      "https://shop.example.com/p/alertwell-sr-300-weather-radio",
      "Alertwell SR-300 Weather Radio",
      "Free store pickup in 2 hours. Same Day Delivery available.",
    ],
    [
      "a sponsored 'review' on a newspaper's site",
      "https://www.heraldnet.com/marketplace/leptislim-pro-reviews/",
      "LeptiSlim Pro Reviews 2026: Does It Really Work? Ingredients, Side Effects & Price",
      "This is sponsored content. The Herald's news staff was not involved in its creation.",
    ],
  ])("%s", (_name, url, title, snippet) => {
    expect(selling(url, title, snippet)).not.toBeNull();
  });

  it("reads every selling phrase of the word lists, in every language", () => {
    const words = readDataFile("marketing-words.json") as { strongPhrases: string[]; weakPhrases: string[] };
    const page = "https://reviews.example.com/widget";
    const missed = [
      ...words.strongPhrases.filter((phrase) => selling(page, "Widget", `Widget. ${phrase}.`) === null),
      // A weak phrase tells a selling page with a shop's address beside it.
      ...words.weakPhrases.filter(
        (phrase) =>
          selling("https://widget.example.com/products/widget", "Widget", `Widget. ${phrase}.`) === null,
      ),
    ];
    expect(missed).toEqual([]);
  });

  it.each([
    [
      "a news story mentioning a discount",
      "https://news.example.com/retail/sales",
      "Retailers lean on discounts as shoppers pull back",
      "Stores offered deeper discounts this holiday season.",
    ],
    [
      "a health page on supplements",
      "https://www.nccih.nih.gov/health/supplements",
      "Using Dietary Supplements Wisely",
      "Many supplements marketed for weight loss have little evidence.",
    ],
    [
      "a product review without selling words",
      "https://www.nytimes.com/wirecutter/reviews/best-air-purifier/",
      "The 4 Best Air Purifiers of 2025",
      "After testing more than 60 models, we found the Coway quietest.",
    ],
    [
      "a news story asking whether a product works",
      "https://www.theguardian.com/wellness/collagen",
      "Collagen supplements: does it really work?",
      "Dermatologists say the evidence for collagen pills is thin.",
    ],
  ])("leaves alone %s", (_name, url, title, snippet) => {
    expect(selling(url, title, snippet)).toBeNull();
  });

  it.each([
    ["LeptiSlim Pro™ Official Website | Buy Now 60% Off", "leptislim pro"],
    ["Buy LeptiSlim Pro - Exclusive 60% Off Offer", "leptislim pro"],
    ["LeptiSlim Pro Reviews 2025: Does It Really Work?", "leptislim pro"],
    [
      "Amazon.com: LeptiSlim Pro Weight Loss Support, 60 Capsules : Health & Household",
      "leptislim pro weight loss",
    ],
  ])("names the product of %j", (title, key) => {
    expect(selling("https://shop.example.com/products/x", title, "Add to cart.")?.product?.key).toBe(key);
  });

  it("ties one product's selling pages, by its name or the name its longer title begins with", () => {
    const page = (title: string) => selling("https://shop.example.com/products/x", title, "Add to cart.");
    const pages = [
      page("LeptiSlim Pro™ Official Website"),
      page("Amazon.com: LeptiSlim Pro Weight Loss Support, 60 Capsules"),
      page("Ikaria Lean Belly Juice Official Website"),
      null,
    ];
    expect(productLinks(pages)).toEqual([[0, 1]]);
  });

  it("ties a selling page whose title is a sentence to the product its title names, the longest such", () => {
    const titles = [
      "Tessaly Drift S8 Review (2025): Worth It for Pet Owners?",
      "Sponsored: Why Pet Owners Are Switching to the Tessaly Drift S8",
      "Tessaly Drift S6 Robot Vacuum",
    ];
    const pages = [
      selling(
        "https://www.homecleanpicks.com/tessaly-drift-s8-review/",
        titles[0] as string,
        "Disclosure: we may earn a commission. Check price on Amazon.",
      ),
      selling(
        "https://www.dailyhomeinsider.com/sponsored/tessaly",
        titles[1] as string,
        "Paid content from Tessaly. Use code DRIFT20 for 20% off.",
      ),
      selling("https://www.amazon.com/dp/B0C9PZ2L7T", titles[2] as string),
    ];
    expect(pages.map((page) => page?.reason !== undefined)).toEqual([true, true, true]);
    expect(productLinks(pages, [], titles)).toEqual([[0, 1]]);
  });

  it("keeps a model's number in its name, not a package's size", () => {
    const key = (title: string) => selling("https://www.amazon.com/dp/B0X", title)?.product?.key;
    expect(key("Mowlio TerraCut 800 Wire-Free Robot Lawn Mower")).toBe("mowlio terracut 800 wire-free");
    expect(key("Mowlio TerraCut 500 Robot Lawn Mower with Boundary Wire")).toBe("mowlio terracut 500 robot");
    expect(key("LeptiSlim Pro 60 Capsules")).toBe("leptislim pro");
    // A one-digit model is a model too: the Stride 2 is not the Stride.
    expect(key("Altivo Stride 2 GPS Running Watch, Dual-Band GPS")).toBe("altivo stride 2 gps");
    expect(key("Altivo Stride GPS Running Watch, 12-Day Battery")).toBe("altivo stride gps running");
    expect(key("LeptiSlim Pro 2 Pack")).toBe("leptislim pro");
  });

  it("ties a shop's page naming the brand first to the brand's page naming the product alone, not another model", () => {
    const pages = [
      selling(
        "https://www.mowlio.com/products/terracut-800",
        "TerraCut 800 Wire-Free Robot Lawn Mower – Mowlio",
        "Free shipping and a 60-day home trial. $1,299.",
      ),
      selling(
        "https://www.amazon.com/dp/B0FK7Q2M4T",
        "Amazon.com : Mowlio TerraCut 800 Wire-Free Robot Lawn Mower",
      ),
      selling(
        "https://www.amazon.com/dp/B0DL3X9N2R",
        "Amazon.com : Mowlio TerraCut 500 Robot Lawn Mower with Boundary Wire",
      ),
    ];
    expect(pages.every((page) => page !== null)).toBe(true);
    expect(productLinks(pages, ["mowlio", "amazon", "amazon"])).toEqual([[0, 1]]);
    // Another site's page of that name is not the brand's.
    expect(productLinks(pages, ["gardenreviews", "amazon", "amazon"])).toEqual([]);
    // The brand's site under a name brands' sites take ("getmowlio", "mowliohome") is the brand's.
    expect(productLinks(pages, ["getmowlio", "amazon", "amazon"])).toEqual([[0, 1]]);
    expect(productLinks(pages, ["mowliohome", "amazon", "amazon"])).toEqual([[0, 1]]);
    expect(productLinks(pages, ["mowliofans", "amazon", "amazon"])).toEqual([]);
  });

  it("makes a selling page low quality, saying why", () => {
    const quality = qualityOf({
      url: "https://www.amazon.com/dp/B0CX4Z7Q1L",
      domain: "amazon.com",
      title: "Amazon.com: LeptiSlim Pro",
      snippet: "",
      fromCounterQuery: false,
    });
    expect(quality).toEqual({ quality: "low", reason: "selling page: shop or affiliate site: amazon.com" });
  });
});

describe("one model however its shops describe it", () => {
  it("ties names that agree up to the model's number, and not its Pro model", () => {
    const pages = [
      selling(
        "https://www.amazon.com/dp/B0D7K4M2QX",
        "Amazon.com: Auralis Tempo 3 Wireless Earbuds, Bluetooth 5.4",
      ),
      selling(
        "https://www.bestbuy.com/site/auralis-tempo-3/6581204.p",
        "Auralis Tempo 3 True Wireless Earbuds Black - Best Buy",
      ),
      selling(
        "https://www.amazon.com/dp/B0D7K6R9TL",
        "Amazon.com: Auralis Tempo 3 Pro Active Noise Cancelling Earbuds",
      ),
    ];
    expect(pages.map((page) => page?.product?.key)).toEqual([
      "auralis tempo 3 wireless",
      "auralis tempo 3 true",
      "auralis tempo 3 pro",
    ]);
    expect(productLinks(pages)).toEqual([[0, 1]]);
  });

  it("keeps a Pro Max model apart from the Pro, however long its name", () => {
    const pages = [
      selling(
        "https://www.amazon.com/dp/B0CHX1W1XY",
        "Amazon.com: Apple iPhone 15 Pro, 128GB, Black Titanium",
      ),
      selling(
        "https://www.amazon.com/dp/B0CHX3QBCH",
        "Amazon.com: Apple iPhone 15 Pro Max, 256GB, Natural Titanium",
      ),
      selling("https://www.walmart.com/ip/5062911530", "Apple iPhone 15 Pro Max 256GB - Walmart.com"),
    ];
    expect(pages.map((page) => page?.product?.key)).toEqual([
      "apple iphone 15 pro",
      "apple iphone 15 pro max",
      "apple iphone 15 pro max",
    ]);
    expect(productLinks(pages)).toEqual([[1, 2]]);
  });
});

describe("a name that begins two models' names", () => {
  const pages = [
    selling(
      "https://www.amazon.com/dp/B0AAA1",
      "Amazon.com : Halden Ridgeline 45L Backpacking Pack, Slate Blue",
    ),
    selling(
      "https://www.amazon.com/dp/B0AAA2",
      "Amazon.com : Halden Ridgeline 42L Women's Backpacking Pack, Sage",
    ),
  ];

  it("joins neither model", () => {
    const short = selling(
      "https://www.rei.com/product/231440/halden-ridgeline",
      "Halden Ridgeline | REI Co-op",
    );
    expect([...pages, short].map((page) => page?.product?.key)).toEqual([
      "halden ridgeline 45 backpacking",
      "halden ridgeline 42 backpacking",
      "halden ridgeline",
    ]);
    expect(productLinks([...pages, short])).toEqual([]);
  });

  it("joins the base model where the other goes on from the name with a tier word, as after a number", () => {
    const pitcher = selling(
      "https://www.amazon.com/dp/B0BBB1",
      "Amazon.com: Aquinor ClearWell 10-Cup Water Filter Pitcher, NSF Certified",
    );
    const dispenser = selling(
      "https://www.amazon.com/dp/B0BBB2",
      "Amazon.com: Aquinor ClearWell Max 27-Cup Water Filter Dispenser with Spigot",
    );
    const review = selling(
      "https://www.thefiltersguide.example/aquinor-clearwell-review/",
      "Aquinor ClearWell Review (2025): Is This the Best PFAS Filter Pitcher?",
      "The Aquinor ClearWell claims to remove 99.5% of PFAS. As an Amazon Associate we earn from qualifying purchases ...",
    );
    // The affiliate's disclosure marks its page as selling.
    expect(review?.product?.key).toBe("aquinor clearwell");
    // "ClearWell Max" is another model than "ClearWell": the name is the base model's, the pitcher's.
    expect(productLinks([pitcher, dispenser, review])).toEqual([[2, 0]]);
  });

  it("reads a closing '+' as a tier, so the '+' model is another, and a listing's brand before a comma", () => {
    const base = selling(
      "https://www.amazon.com/dp/B0CCC1",
      "Amazon.com: Noctiva Mag-T Sleep, Magnesium L-Threonate 2,000 mg, 90 Capsules",
    );
    const plus = selling(
      "https://www.amazon.com/dp/B0CCC2",
      "Amazon.com: Noctiva Mag-T Sleep+ Magnesium L-Threonate with Melatonin, 90 Capsules",
    );
    const listing = selling(
      "https://www.iherb.com/pr/noctiva-mag-t-sleep-90-capsules/148213",
      "Noctiva, Mag-T Sleep, 90 Capsules - iHerb",
    );
    const brandOnly = selling("https://www.walmart.com/ip/noctiva/5512", "Noctiva | Walmart.com");
    expect([base, plus, listing].map((page) => page?.product?.key)).toEqual([
      "noctiva mag-t sleep",
      "noctiva mag-t sleep plus",
      "noctiva mag-t sleep",
    ]);
    expect(productLinks([base, plus, listing])).toEqual([[0, 2]]);
    // The brand alone begins both models' names: it joins neither.
    expect(productLinks([base, plus, brandOnly])).toEqual([]);
  });

  it("keeps a tier after a four-word name, and a Pro's title naming the base product meets not the base", () => {
    const pages = [
      originItem(
        "https://calmwell.com/products/deep-sleep-magnesium",
        "Deep Sleep Magnesium | Glycinate + L-Threonate Complex – Calmwell",
        "Three forms of magnesium in one capsule to help you fall asleep faster. $32.00.",
      ),
      originItem(
        "https://calmwell.com/products/deep-sleep-magnesium-pro",
        "Deep Sleep Magnesium Pro | Magnesium + Apigenin + L-Theanine – Calmwell",
        "Our most advanced sleep formula: the Deep Sleep Magnesium complex plus 50 mg apigenin. $44.00.",
      ),
      originItem(
        "https://www.amazon.com/Calmwell-Deep-Sleep-Magnesium-Glycinate/dp/B0CX7QK2LM",
        "Amazon.com: Calmwell Deep Sleep Magnesium, Magnesium Glycinate & L-Threonate Complex for Sleep, 120 Capsules",
        "THREE FORMS OF MAGNESIUM: Glycinate, L-threonate and malate ... 4.5 out of 5 stars.",
      ),
      originItem(
        "https://www.amazon.com/Calmwell-Deep-Sleep-Magnesium-Pro-Apigenin/dp/B0D4HN8RTW",
        "Amazon.com: Calmwell Deep Sleep Magnesium Pro with Apigenin & L-Theanine, Advanced Sleep Support, 90 Capsules",
        "ADVANCED FORMULA: Magnesium glycinate and L-threonate plus apigenin ... 4.4 out of 5 stars.",
      ),
    ];
    expect(selling(pages[3]?.url ?? "", pages[3]?.title ?? "")?.product?.key).toBe(
      "calmwell deep sleep magnesium pro",
    );
    const origins = assignOrigins(pages).map(({ members, why }) => [members, why]);
    expect(origins).toEqual([
      [[0, 2], "marketing"],
      [[1, 3], "marketing"],
    ]);
  });

  it("reads a shoe's cut after its name as another model", () => {
    const shoe = selling(
      "https://www.footlocker.com/product/veltra-tl1-mens/VT1001.html",
      "Veltra TL1 - Men's | Foot Locker",
    );
    const low = selling(
      "https://www.footlocker.com/product/veltra-tl1-low-mens/VT1101.html",
      "Veltra TL1 Low - Men's | Foot Locker",
    );
    expect([shoe?.product?.key, low?.product?.key]).toEqual(["veltra tl1", "veltra tl1 low"]);
    expect(productLinks([shoe, low])).toEqual([]);
  });

  it("reads a brand's shop for one language as its own shop page, and selling words in other languages", () => {
    const german = selling(
      "https://www.aerovita.com/de-de/products/pure-300-luftreiniger",
      "Aerovita Pure 300 Luftreiniger mit H13-HEPA-Filter | Aerovita",
      "Der Pure 300 reinigt Räume bis 45 m² in nur 12 Minuten ...",
    );
    expect(german?.reason).toBe("the brand's own shop page");
    expect(german?.product?.key).toBe("aerovita pure 300 luftreiniger");
    for (const snippet of [
      "Platz 2: Aerovita Pure 300. Preis prüfen bei Amazon* ... *Affiliate-Link",
      "Le Pure 300 purifie les pièces jusqu'à 45 m². Ajouter au panier",
      "El Pure 300 limpia estancias de hasta 45 m². Comprar ahora",
    ]) {
      expect(
        selling("https://www.example-vergleich.de/beste-luftreiniger/", "Die 7 besten Luftreiniger", snippet),
      ).not.toBeNull();
    }
    expect(
      selling(
        "https://www.example-news.de/wissen/luftreiniger",
        "Wie Luftreiniger funktionieren",
        "Ein Filter hält Partikel zurück.",
      ),
    ).toBeNull();
    // A path of two letters that is no language's ("/go/", "/dp/") is still a shop's address.
    for (const url of [
      "https://www.example-deals.com/go/revitaa-pro",
      "https://www.example-deals.com/dp/B0CX7QK2LM",
    ]) {
      expect(selling(url, "Revitaa Pro", "Get the best price today.")?.reason).toMatch(/shop address/);
    }
  });

  it("reads a pack's volume before 'Pack' as its model, not a package's count", () => {
    const volume = selling(
      "https://www.rei.com/product/231447/halden-ridgeline",
      "Halden Ridgeline 45 Pack - Men's | REI Co-op",
    );
    expect(volume?.product?.key).toBe("halden ridgeline 45 pack");
    expect(productLinks([...pages, volume])).toEqual([[0, 2]]);
  });
});

describe("a brand's own shop page and its accessories", () => {
  it("reads a shop page signed with the site's name as the brand's selling page, and nothing else", () => {
    const own = selling(
      "https://getbrevio.com/products/pocket-2",
      "Brevio Pocket 2 Portable Espresso Maker – Brevio",
      "Pull a real espresso shot anywhere with 18 bars of hand-pumped pressure.",
    );
    expect(own?.reason).toBe("the brand's own shop page");
    expect(own?.product?.key).toBe("brevio pocket 2 portable");
    // Another site's page of that name, or the brand's page that is no shop's, sells nothing.
    expect(
      selling(
        "https://www.example-reviews.com/products/pocket-2",
        "Brevio Pocket 2 Portable Espresso Maker – Brevio",
      ),
    ).toBeNull();
    expect(
      selling("https://getbrevio.com/blog/pocket-2", "How we designed the Pocket 2 – Brevio"),
    ).toBeNull();
    // The brand's shop for one country signs with the country after its name.
    const national = selling(
      "https://www.hoshiro.co.uk/products/nr-10-induction-rice-cooker",
      "NR-10 Induction Heating Rice Cooker 1.0L | Hoshiro UK",
      "Full induction heating surrounds the inner pot for evenly cooked, fluffy rice.",
    );
    expect(national?.reason).toBe("the brand's own shop page");
  });

  it("keeps the brand's store, signed as its store, with its selling pages and apart from its launch release", () => {
    const [release, store, listing] = [
      originItem(
        "https://newsroom.vantor.com/2025-09-09-Vantor-Introduces-Lens-2-AR-Smart-Glasses",
        "Vantor Introduces Lens 2, Bringing Full-Color AR to Everyday Glasses - Vantor Newsroom",
        "Sep 9, 2025 — PALO ALTO, Calif. — Vantor today introduced Lens 2, its second-generation AR smart glasses, featuring a full-color waveguide display, on-device AI assistant and up to 6 hours of battery life ...",
      ),
      originItem(
        "https://www.vantor.com/shop/lens-2",
        "Buy Lens 2 – Full-Color AR Smart Glasses | Vantor Store",
        "Lens 2. See more, carry less. Full-color waveguide display, hands-free AI assistant and up to 6 hours of battery*. From $799 ...",
      ),
      originItem(
        "https://www.amazon.com/Vantor-Lens-Smart-Glasses-Full-Color/dp/B0FJ3W8K2Q",
        "Amazon.com: Vantor Lens 2 AR Smart Glasses, Full-Color Display, AI Assistant ...",
        "SEE MORE, CARRY LESS: Full-color waveguide display puts directions, messages and translations right in your view ...",
      ),
    ];
    const origins = assignOrigins([release, store, listing]).map(({ members, why }) => [members, why]);
    expect(origins).toEqual([
      [[0], "single"],
      [[1, 2], "marketing"],
    ]);
  });

  it("keeps an accessory named after its product apart from the product", () => {
    const pages = [
      selling(
        "https://www.amazon.com/dp/B0D7K4M2QX",
        "Amazon.com: Auralis Tempo 3 Wireless Earbuds, Bluetooth 5.4",
      ),
      selling(
        "https://www.auralis.com/products/tempo-3-wireless-charging-case",
        "Tempo 3 Wireless Charging Case – Upgrade Your Tempo 3 | Auralis",
      ),
      selling(
        "https://www.amazon.com/dp/B0CX1Q2W3E",
        "Amazon.com: Aquaro Nano 10-Cup Water Filter Pitcher, Reduces Microplastics",
      ),
      selling(
        "https://www.amazon.com/dp/B0CX1Q2W3F",
        "Amazon.com: Orbi T7 Pro Robot Vacuum & Mop with Self-Empty Dock",
      ),
    ];
    expect(pages.map((page) => page?.product?.key)).toEqual([
      "auralis tempo 3 wireless",
      "accessory: tempo 3 wireless charging",
      "aquaro nano 10-cup water",
      "orbi t7 pro robot",
    ]);
    expect(productLinks(pages.slice(0, 2), ["amazon", "auralis"])).toEqual([]);
  });

  /** Selling pages read from their addresses and titles, with the titles and sites the links read. */
  const listed = (entries: [string, string, string][]) => ({
    pages: entries.map(([url, title]) => selling(url, title)),
    sites: entries.map(([, , site]) => site),
    titles: entries.map(([, title]) => title),
  });

  it("reads a vendor's name without its brand in another brand's title only where the title names the vendor", () => {
    const { pages, sites, titles } = listed([
      ["https://www.oatharbor.com/products/protein-oat-milk", "Protein Oat Milk – Oat Harbor", "oatharbor"],
      [
        "https://www.amazon.com/Oatbright-Protein-Unsweetened-Dairy-Free/dp/B0CXK4R7QM",
        "Amazon.com: Oatbright Protein+ Oat Milk, Unsweetened, 10g Plant Protein, 32 Fl Oz",
        "amazon",
      ],
      [
        "https://vantoranutrition.com/products/creatine-monohydrate-gummies",
        "Creatine Monohydrate Gummies – 5g Per Serving | Vantora Nutrition",
        "vantoranutrition",
      ],
      [
        "https://www.amazon.com/Vantora-Nutrition-Creatine-Monohydrate-Gummies/dp/B0CQ8L2M7N",
        "Amazon.com: Vantora Creatine Monohydrate Gummies, 5g per Serving, 120 Count",
        "amazon",
      ],
    ]);
    expect(productLinks(pages, sites, titles)).toEqual([[2, 3]]);
  });

  it("keeps an accessory apart from the product its title says it is for", () => {
    const { pages, sites, titles } = listed([
      [
        "https://www.lumaderm.com/products/glow-mask-pro",
        "Glow Mask Pro – Clinical-Grade LED Light Therapy Mask | Lumaderm",
        "lumaderm",
      ],
      [
        "https://www.amazon.com/Lumaderm-Replacement-Charging-Cable-Glow/dp/B0CV2L8M4N",
        "Amazon.com: Lumaderm Replacement USB-C Charging Cable for Glow Mask & Glow Mask Pro",
        "amazon",
      ],
    ]);
    expect(pages[1]?.product?.key.startsWith("accessory: ")).toBe(true);
    expect(productLinks(pages, sites, titles)).toEqual([]);
  });
});

describe("one hotel's listings on booking sites", () => {
  it("are one origin, its sister hotel's another", () => {
    const origins = assignOrigins([
      originItem(
        "https://www.booking.com/hotel/us/halden-house-seattle-waterfront.html",
        "Halden House Seattle Waterfront, Seattle (updated prices 2025)",
        "Located in Seattle, less than 1 km from Pike Place Market, Halden House Seattle Waterfront provides accommodation with a restaurant ...",
      ),
      originItem(
        "https://www.expedia.com/Seattle-Hotels-Halden-House-Seattle-Waterfront.h98120331.Hotel-Information",
        "Halden House Seattle Waterfront | Expedia",
        "Boutique hotel on Elliott Bay with rooftop bar · Free WiFi · Fitness center · 8.8/10 Excellent (612 reviews) ...",
      ),
      originItem(
        "https://www.booking.com/hotel/us/halden-house-seattle-pioneer-square.html",
        "Halden House Seattle Pioneer Square, Seattle (updated prices 2025)",
        "Set in Seattle's historic Pioneer Square, Halden House Seattle Pioneer Square offers rooms with free WiFi ...",
      ),
    ]);
    expect(origins.map(({ members, why }) => [members, why])).toEqual([
      [[0, 1], "marketing"],
      [[2], "single"],
    ]);
  });
});

describe("a vendor's two products", () => {
  it("are two origins, each with its shop pages, though both sell on the vendor's site", () => {
    const origins = assignOrigins([
      originItem(
        "https://lumora.com/products/halo-2-sunrise-alarm-clock",
        "Halo 2 Sunrise Alarm Clock – Lumora",
        "Wake up gradually with a 30-minute sunrise. $129.99. Free shipping on orders over $50.",
      ),
      originItem(
        "https://www.amazon.com/Lumora-Sunrise-Alarm-Clock-Simulation/dp/B0D7KQ4M2X",
        "Amazon.com: Lumora Halo 2 Sunrise Alarm Clock, Wake Up Light with Sunrise Simulation : Home & Kitchen",
        "Rating 4.5 (2,318) · $129.99 · About this item · 30-MINUTE SUNRISE",
      ),
      originItem(
        "https://lumora.com/products/halo-mini-sunrise-alarm-clock",
        "Halo Mini Sunrise Alarm Clock – Lumora",
        "All the gentle wake-up of Halo in a bedside size. $69.99. Free shipping on orders over $50.",
      ),
      originItem(
        "https://www.amazon.com/Lumora-Mini-Sunrise-Alarm-Clock/dp/B0CQ3HV8LT",
        "Amazon.com: Lumora Halo Mini Sunrise Alarm Clock, Compact Wake Up Light : Home & Kitchen",
        "Rating 4.3 (954) · $69.99 · About this item · BEDSIDE SIZE",
      ),
    ]);
    expect(origins.map((o) => [o.members, o.why])).toEqual([
      [[0, 1], "marketing"],
      [[2, 3], "marketing"],
    ]);
  });
});

describe("a model's code", () => {
  it("ties a marketplace listing to the model's shop pages where the shortened name begins two models", () => {
    const origins = assignOrigins([
      originItem(
        "https://www.walmart.com/ip/Pellara-Air-Pro-Cordless-Vacuum-PV-710/2143567890",
        "Pellara Air Pro Cordless Stick Vacuum PV-710 - Walmart.com",
        "Buy Pellara Air Pro Cordless Stick Vacuum PV-710 at Walmart.com. 45-minute runtime ...",
      ),
      originItem(
        "https://www.amazon.com/Pellara-Air-Pro-Max-Cordless/dp/B0D1R8NQ2M",
        "Amazon.com: Pellara Air Pro Max Cordless Stick Vacuum with Laser Dust Detection, PV-760 : Home & Kitchen",
        "Rating 4.4 (871) · $349.99 · LASER DUST DETECTION ...",
      ),
      originItem(
        "https://www.ebay.com/itm/305512873401",
        "Pellara Air Pro PV-710 Cordless Stick Vacuum - Open Box | eBay",
        "Open box: Pellara Air Pro PV-710. Used once, all accessories included. $148.00 · Free shipping ...",
      ),
      originItem(
        "https://www.amazon.com/Replacement-Battery-Compatible-Pellara-Vacuum/dp/B0CW9PL3HD",
        "Replacement Battery Compatible with Pellara Air Pro PV-710 Cordless Vacuum - Amazon.com",
        "Rating 4.1 (96) · $25.99 · Compatible with Pellara Air Pro PV-710 (not for Air Pro Max). Not made by Pellara ...",
      ),
    ]);
    expect(origins.filter((o) => o.members.length > 1).map((o) => [o.members, o.why])).toEqual([
      [[0, 2], "marketing"],
    ]);
  });

  it("reads a tier word after the code as another model's: the brand's 'SV200' and 'SV200 Pro' pages stay apart", () => {
    const origins = assignOrigins([
      originItem(
        "https://bastionlock.com/products/sv200-biometric-handgun-safe",
        "SV200 Biometric Handgun Safe – Bastionlock",
        "Your handgun, ready in under a second. Free shipping ...",
      ),
      originItem(
        "https://bastionlock.com/products/sv200-pro-smart-biometric-handgun-safe",
        "SV200 Pro Smart Biometric Handgun Safe with Wi-Fi Alerts – Bastionlock",
        "Everything in the SV200, plus Wi-Fi tamper and open alerts on your phone ...",
      ),
      originItem(
        "https://www.amazon.com/Bastionlock-SV200-Pro-Biometric-Tamper/dp/B0D3M7Q2XK",
        "Amazon.com: Bastionlock SV200 Pro Smart Biometric Gun Safe with Wi-Fi App Alerts",
        "KNOW WHEN IT OPENS: Wi-Fi tamper and open alerts on your phone ...",
      ),
    ]);
    expect(origins.map((o) => o.members)).toEqual([[0], [1, 2]]);
  });
});

describe("models that shops name alike", () => {
  it("keeps a pack's volumes and a shoe's Pro apart, and one model's shops together", () => {
    const origins = assignOrigins([
      originItem(
        "https://www.rei.com/product/240011/tallis-ridge-50-pack-mens",
        "Tallis Ridge 50 Pack - Men's | REI Co-op",
        "Buy the Tallis Ridge 50 Pack at REI. Free shipping on orders over $50.",
      ),
      originItem(
        "https://www.rei.com/product/240012/tallis-ridge-38-pack-womens",
        "Tallis Ridge 38 Pack - Women's | REI Co-op",
        "Buy the Tallis Ridge 38 Pack at REI. Free shipping on orders over $50.",
      ),
      originItem(
        "https://www.amazon.com/Tallis-Ridge-50L-Backpacking-Pack/dp/B0CT4KX9AA",
        "Amazon.com : Tallis Ridge 50L Backpacking Pack, Adjustable Torso : Sports & Outdoors",
        "Rating 4.6 (812) · $219.95 · In stock.",
      ),
      originItem(
        "https://www.ondara.com/products/glide-4-mens",
        "Men's Glide 4 – Ondara",
        "Our everyday trainer, now lighter. $140. Free shipping and returns.",
      ),
      originItem(
        "https://www.ondara.com/products/glide-4-pro-mens",
        "Men's Glide 4 Pro – Ondara",
        "The Glide 4 with a carbon plate. $200. Free shipping and returns.",
      ),
      originItem(
        "https://www.amazon.com/Ondara-Glide-Pro-Running-Shoe/dp/B0D1K8XA11",
        "Amazon.com | Ondara Men's Glide 4 Pro Running Shoe, Black ... | Road Running",
        "Rating 4.4 (210) · $199.95 · In stock.",
      ),
      originItem(
        "https://www.zappos.com/p/mens-ondara-glide-4-black/product/9948311",
        "Ondara Men's Glide 4 Running Shoe | Zappos.com",
        "Free shipping both ways. $140.00.",
      ),
    ]);
    expect(origins.filter((o) => o.members.length > 1).map((o) => o.members)).toEqual([
      [0, 2],
      [3, 6],
      [4, 5],
    ]);
  });
});
