/**
 * Masking of secret-bearing text, kept apart from the settings so the HTTP client, the logger and
 * the providers can hide credentials without depending on how settings are read.
 */
/**
 * Anything that looks like `scheme://…` (trailing sentence punctuation is not part of it), read at a
 * given start. The start is found from the `://` back (see {@link maskUrl}).
 */
const URL_AT = /\b[a-z][a-z\d+.-]*:\/\/[^\s"'<>`]*[^\s"'<>`.,;:!?)\]]/iuy;
const SCHEME_CHAR = /[a-z\d+.-]/iu;
const WORD_START = /\b[a-z]/iuy;
/** Query parameter names (lowercased, separators removed) that carry secrets end with one of these. */
const SECRET_PARAM_SUFFIXES = [
  "key",
  "token",
  "secret",
  "password",
  "passwd",
  "pwd",
  "sig",
  "signature",
  "credential",
  "credentials",
  "auth",
  "authorization",
];

function isSecretParam(rawName: string): boolean {
  let name = rawName;
  try {
    name = decodeURIComponent(rawName.replace(/\+/gu, " "));
  } catch {
    // keep the raw name
  }
  const normalized = name.toLowerCase().replace(/[^a-z\d]/gu, "");
  return SECRET_PARAM_SUFFIXES.some((suffix) => normalized.endsWith(suffix));
}

function maskParams(params: string): string {
  return params
    .split(/([&;])/u)
    .map((part) => {
      const equals = part.indexOf("=");
      if (equals <= 0 || !isSecretParam(part.slice(0, equals))) return part;
      return `${part.slice(0, equals)}=***`;
    })
    .join("");
}

function maskOneUrl(url: string): string {
  const schemeEnd = url.indexOf("://") + 3;
  const rest = url.slice(schemeEnd);
  const authorityEnd = rest.search(/[/?#\\]/u);
  const authority = authorityEnd === -1 ? rest : rest.slice(0, authorityEnd);
  let tail = authorityEnd === -1 ? "" : rest.slice(authorityEnd);
  const at = authority.lastIndexOf("@");
  const host = at === -1 ? authority : `***:***@${authority.slice(at + 1)}`;

  const hashAt = tail.indexOf("#");
  let fragment = "";
  if (hashAt !== -1) {
    fragment = tail.slice(hashAt);
    tail = tail.slice(0, hashAt);
  }
  const queryAt = tail.indexOf("?");
  if (queryAt !== -1) tail = `${tail.slice(0, queryAt + 1)}${maskParams(tail.slice(queryAt + 1))}`;
  if (fragment.includes("=")) fragment = `#${maskParams(fragment.slice(1))}`;
  return `${url.slice(0, schemeEnd)}${host}${tail}${fragment}`;
}

/**
 * Masks every URL in `text` (a URL or a message containing URLs): credentials become `***:***@`
 * and the values of secret-looking query parameters (`api_key`, `token`, `sig`, …) become `***`.
 * Everything else is left exactly as it was.
 */
export function maskUrl(url: string): string {
  // Each URL is found from its `://`: the pattern tried at each position would reread a long run of
  // scheme characters with no `://` after it (`a-a-a-…` in a page's text) from each of its letters.
  let masked = "";
  let done = 0; // what comes before is in `masked`
  for (let sep = url.indexOf("://"); sep !== -1; sep = url.indexOf("://", Math.max(sep + 1, done))) {
    const start = schemeStart(url, done, sep);
    if (start === -1) continue;
    URL_AT.lastIndex = start;
    const found = URL_AT.exec(url)?.[0];
    if (found === undefined) continue;
    masked += url.slice(done, start) + maskOneUrl(found);
    done = start + found.length;
  }
  return masked + url.slice(done);
}

/**
 * Where the scheme before the `://` at `sep` starts, as the pattern alone would have it: the first
 * letter opening a word in the run of scheme characters, not before `from`; -1 when there is none.
 */
function schemeStart(text: string, from: number, sep: number): number {
  let start = sep;
  while (start > from && SCHEME_CHAR.test(text.charAt(start - 1))) start--;
  for (; start < sep; start++) {
    WORD_START.lastIndex = start;
    if (WORD_START.test(text)) return start;
  }
  return -1;
}

/** A vendor message used as an error code only when it does not quote the key back, in any form. */
export function withoutSecret(text: string | undefined, secret: string): string | undefined {
  return text === undefined || mentionsSecret(text, secret) ? undefined : text;
}

/**
 * Whether `text` carries `secret` in a form a service may echo it back in: as it is, in another
 * case, percent-encoded (once or twice), or base64 — standard or URL-safe, at any offset, since a
 * Basic header encodes `user:secret`. Keys are printable ASCII (the settings say so), so these are
 * the forms a key keeps its characters in; a hash of it would no longer be the key.
 */
export function mentionsSecret(text: string, secret: string): boolean {
  if (secret === "") return false;
  const wanted = secret.toLowerCase();
  const holds = (candidate: string) => candidate.toLowerCase().includes(wanted);
  for (let decoded = text, round = 0; round < 3; round++) {
    if (holds(decoded)) return true;
    const next = decoded.replace(/%([0-9a-f]{2})/giu, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
    if (next === decoded) break;
    decoded = next;
  }
  // Shorter runs cannot hold the whole secret once encoded.
  const shortest = Math.floor((secret.length * 4) / 3);
  for (const [run] of text.matchAll(BASE64_RUN)) {
    if (run.length < shortest) continue;
    const standard = run.replace(/-/gu, "+").replace(/_/gu, "/");
    // Four starting points: the run may begin in the middle of what was encoded.
    for (let offset = 0; offset < 4; offset++) {
      if (holds(Buffer.from(standard.slice(offset), "base64").toString("latin1"))) return true;
    }
  }
  return false;
}

const BASE64_RUN = /[A-Za-z0-9+/_-]+/gu;
