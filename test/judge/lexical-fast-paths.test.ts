import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { claimCues } from "../../src/judge/claim-cues.js";
import { lightStem, parseClaim } from "../../src/judge/claim-parts.js";
import {
  judgeText,
  lexicalJudge,
  relevance,
  resultText,
  stanceFeatures,
} from "../../src/judge/lexical-stance.js";
import { isSpace } from "../../src/judge/stance-features.js";
import { TOKENS } from "../../src/judge/stance-words.js";
import { asJudged } from "../../src/judge/word-info.js";

// The judge reads each claim once per report, stems words by their character codes and finds cue
// phrases in the token stream and the raw text. These tests hold those to the plain rules.

/** The stemming rules as first written: the definition lightStem must keep. */
function referenceStem(word: string): string {
  let w = word.replace(/['’]s$/, "");
  if (w.length > 5 && w.endsWith("ies")) w = `${w.slice(0, -3)}y`;
  else if (w.length > 5 && w.endsWith("ing")) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith("ed")) w = w.slice(0, -2);
  else if (w.length > 4 && w.endsWith("es")) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss")) w = w.slice(0, -1);
  return w.length > 6 ? w.slice(0, 6) : w;
}

describe("lightStem", () => {
  it("follows the rules on every word of up to five characters made of the letters they test", () => {
    const letters = [..."aeisngd'’yx"];
    let words = [""];
    for (let length = 1; length <= 5; length += 1) {
      words = words.flatMap((word) => letters.map((letter) => word + letter));
      expect(words.filter((word) => lightStem(word) !== referenceStem(word))).toEqual([]);
    }
  });

  it("follows the rules on any word", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 14 }),
          fc.array(fc.constantFrom(..."aeisngd'’yxo"), { maxLength: 12 }).map((c) => c.join("")),
        ),
        (word) => {
          expect(lightStem(word)).toBe(referenceStem(word));
        },
      ),
      { numRuns: 5_000 },
    );
    for (const word of [
      "denies",
      "denied",
      "shooting",
      "stories",
      "press",
      "trump's",
      "nation’s",
      "'s",
      "ies",
    ]) {
      expect(lightStem(word)).toBe(referenceStem(word));
    }
  });
});

const REFUTE_PHRASES = [
  "no evidence",
  "not true",
  "isn't true",
  "is not",
  "did not",
  "didn't",
  "does not",
  "doesn't",
  "was not",
  "wasn't",
  "no proof",
  "not real",
  "turns out",
  "fake news",
  "too good to be true",
  "don't believe",
  "shoots down",
  "no plans",
  "not dead",
  "isn't dead",
];
const HEDGE_PHRASES = [
  "report:",
  "sources say",
  "according to",
  "is said to",
  "are said to",
  "is believed",
  "could be",
  "may be",
  "may have",
  "rumors that",
  "claims that",
];
const tokenize = (text: string): string[] => text.toLowerCase().match(TOKENS) ?? [];

describe("stanceFeatures: cue phrases", () => {
  const pieces = [
    ...REFUTE_PHRASES,
    ...HEDGE_PHRASES,
    "Not",
    "TRUE",
    "isn’t true",
    "misreport:",
    "report :",
    "no  evidence",
    "may\nbe",
    "sources",
    "say",
    "the",
    "vaccine",
    "—",
    "?",
    ".",
    ",",
  ];
  const textArbitrary = fc
    .array(fc.tuple(fc.constantFrom(...pieces), fc.constantFrom(" ", "", "  ", "\n", ", ")), { maxLength: 8 })
    .map((parts) => parts.map(([piece, gap]) => piece + gap).join(""));

  it("finds exactly the phrases a search for each one finds", () => {
    fc.assert(
      fc.property(textArbitrary, (text) => {
        // A typographic apostrophe reads as a plain one: "isn’t true" is the phrase "isn't true".
        const plain = asJudged(text);
        const joined = ` ${tokenize(plain).join(" ")} `;
        const lower = ` ${plain.toLowerCase()} `;
        const expected = [
          ...REFUTE_PHRASES.filter((p) => joined.includes(` ${p} `) || lower.includes(` ${p} `)).map(
            (p) => `rp:${p}`,
          ),
          ...HEDGE_PHRASES.filter((p) => joined.includes(` ${p} `) || lower.includes(p)).map(
            (p) => `hp:${p}`,
          ),
        ];
        const found = [...stanceFeatures("Vaccines cause autism", text).keys()].filter(
          (name) => name.startsWith("rp:") || name.startsWith("hp:"),
        );
        expect(found).toEqual(expected);
      }),
      { numRuns: 3_000 },
    );
  });
});

describe("stanceFeatures: n-grams", () => {
  const words = ["alpha", "beta", "gamma", "the", "not", "?", ":", "delta", "beta"];
  const tokensArbitrary = fc.array(fc.constantFrom(...words), { maxLength: 12 });

  /** Each unigram and bigram once, in order of first appearance; `@` for the claim's word. */
  function expectedNgrams(tokens: string[], claimWord: string | null, high: boolean): [string, number][] {
    const masked = tokens.map((t) => (t === claimWord ? "@" : t));
    const seen = new Set<string>();
    tokens.forEach((t, i) => {
      seen.add(`u:${t}`);
      if (i + 1 < tokens.length) {
        seen.add(`b:${t}_${tokens[i + 1]}`);
        seen.add(`m:${masked[i]}_${masked[i + 1]}`);
      }
    });
    if (tokens.length > 0) {
      seen.add(`first:${masked[0]}`);
      seen.add(`last:${masked.at(-1)}`);
    }
    return [...seen].flatMap((s): [string, number][] =>
      high
        ? [
            [s, 1],
            [`hi*${s}`, 0.5],
          ]
        : [[s, 1]],
    );
  }
  const ngrams = (features: Map<string, number>) =>
    [...features].filter(([name]) => /^(?:hi\*)?(?:u|b|m|first|last):/.test(name));

  it("counts each once, in order, with its high-overlap twin when the text is about the claim", () => {
    fc.assert(
      fc.property(tokensArbitrary, (tokens) => {
        const text = tokens.join(" ");
        // A claim the text never names: nothing is masked, overlap is 0.
        expect(ngrams(stanceFeatures("zzqx", text))).toEqual(expectedNgrams(tokenize(text), null, false));
        // A one-word claim: overlap is 1 when the text names it.
        const about = tokenize(text).includes("alpha");
        expect(ngrams(stanceFeatures("alpha", text))).toEqual(expectedNgrams(tokenize(text), "alpha", about));
      }),
      { numRuns: 2_000 },
    );
  });
});

describe("one claim read once per report", () => {
  const items = [
    { title: "Study confirms green tea causes hair loss", snippet: "" },
    { title: "Green tea does not cause hair loss", snippet: "Researchers found no link between the two." },
    { title: "Is coffee bad for you?", snippet: "Coffee is not harmful for most adults, a review says." },
    { title: "Coffee drinkers live longer", snippet: "" },
  ];
  const claims = [
    "Drinking green tea causes hair loss",
    "Coffee is bad for you",
    "Coffee is not bad for you",
  ];
  const signal = new AbortController().signal;

  it("judges a claim the same whichever claims came before", async () => {
    const alone = [];
    for (const claim of claims) alone.push(await lexicalJudge.judge(claim, items, signal));
    for (let round = 0; round < 3; round += 1) {
      for (const [index, claim] of [...claims.entries()].reverse()) {
        expect(await lexicalJudge.judge(claim, items, signal)).toEqual(alone[index]);
        const item = items[round] ?? { title: "", snippet: "" };
        expect(judgeText(claim, resultText(item.title, item.snippet))).toEqual(alone[index]?.[round]);
      }
    }
    expect(relevance(claims[0] ?? "", items[0]?.title ?? "")).toEqual(
      relevance(claims[0] ?? "", items[0]?.title ?? ""),
    );
  });

  it("reads cues against the parts given, whichever parts came before", () => {
    const text =
      "Is coffee bad for you?\nNo. Coffee is not harmful, and it may lower the risk of some diseases.";
    const first = claims.map((claim) => claimCues(parseClaim(claim), text));
    const parts = claims.map(parseClaim);
    for (let round = 0; round < 2; round += 1) {
      parts.forEach((p, index) => {
        expect(claimCues(p, text)).toEqual(first[index]);
      });
    }
  });
});

describe("isSpace", () => {
  it("holds exactly the code units the pattern \\s matches, so words are counted as a split counts them", () => {
    for (let code = 0; code <= 0xffff; code++)
      expect(isSpace(code), `U+${code.toString(16)}`).toBe(/\s/.test(String.fromCharCode(code)));
  });
});
