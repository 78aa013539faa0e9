import { describe, expect, it } from "vitest";
import { marketingOf, productLinks } from "../../src/dedup/marketing.js";
import { pageAddress } from "../../src/dedup/page-address.js";
import { qualityOf } from "../../src/dedup/quality.js";

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
  ])("%s", (_name, url, title, snippet) => {
    expect(selling(url, title, snippet)).not.toBeNull();
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
