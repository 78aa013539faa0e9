/**
 * ISBNs: a book is one work whatever shop or catalogue shows it. Both forms are read and keyed
 * as ISBN-13 (`isbn:978…`), so an ISBN-10 on one page and the ISBN-13 on another meet. A number
 * whose check digit is wrong is no ISBN.
 */

/** "ISBN 978-0-13-468599-1", "ISBN-10: 0-13-468599-X", "ISBN13 9780134685991". */
const ISBN_TEXT = /\bISBN(?:-?1[03])?:?\s*((?:97[89][\s-]?)?\d[\d\s-]{7,14}[\dXx])\b/g;

/** The ISBN-13 key of a candidate (digits, hyphens and spaces allowed), or null when it is none. */
export function isbnKey(candidate: string): string | null {
  const compact = candidate.replace(/[\s-]/g, "").toUpperCase();
  if (/^97[89]\d{10}$/.test(compact)) return validIsbn13(compact) ? `isbn:${compact}` : null;
  if (/^\d{9}[\dX]$/.test(compact) && validIsbn10(compact)) {
    const body = `978${compact.slice(0, 9)}`;
    return `isbn:${body}${isbn13CheckDigit(body)}`;
  }
  return null;
}

/** Keys of the ISBNs a text names after the word ISBN. */
export function isbnsInText(text: string): string[] {
  if (!/ISBN/.test(text)) return [];
  const keys: string[] = [];
  for (const match of text.matchAll(ISBN_TEXT)) {
    const key = isbnKey(match[1] ?? "");
    if (key !== null) keys.push(key);
  }
  return keys;
}

function validIsbn10(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < 10; i += 1) {
    const character = digits[i] as string;
    sum += (10 - i) * (character === "X" ? 10 : Number(character));
  }
  return sum % 11 === 0;
}

function isbn13CheckDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

function validIsbn13(digits: string): boolean {
  return isbn13CheckDigit(digits.slice(0, 12)) === Number(digits[12]);
}
