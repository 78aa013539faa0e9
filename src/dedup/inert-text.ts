/**
 * Typographic marks most headlines carry besides ASCII: curly quotes, en and em dashes, bullet,
 * middle dot.
 */
const INERT_MARKS = new Set([0x2018, 0x2019, 0x201c, 0x201d, 0x2013, 0x2014, 0x2022, 0x00b7]);

/**
 * Whether `text` is ASCII, give or take the marks above. Every Unicode normalization (NFC, NFD,
 * NFKC, NFKD) leaves such a text as it is: ASCII is in every normal form, and the marks have no
 * decomposition, no case, and nothing combines with them. None of the marks is a letter, mark or
 * digit, so the only letters and digits such a text holds are ASCII ones. Most titles and
 * snippets are such texts, and skip the normalizations.
 */
export function isNormalizationInert(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code > 0x7f && !INERT_MARKS.has(code)) return false;
  }
  return true;
}

/**
 * "™" and "℠" decompose to the letters "TM" and "SM" in the compatibility forms (NFKC, NFKD), which
 * would join them to the name they mark ("BerbaTrim™" read as "berbatrimtm"): a copy that drops the
 * mark must read the same name. They are made a space before such a normalization.
 */
export function withoutMarkLetters(text: string): string {
  return text.replace(/[™℠]/g, " ");
}
