/**
 * Masking of secret-bearing text, kept apart from the settings so the HTTP client, the logger and
 * the providers can hide credentials without depending on how settings are read.
 */
/** Anything that looks like `scheme://…` inside a string (trailing sentence punctuation is not part of it). */
const URL_PATTERN = /\b[a-z][a-z\d+.-]*:\/\/[^\s"'<>`]*[^\s"'<>`.,;:!?)\]]/giu;
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
  return url.replace(URL_PATTERN, maskOneUrl);
}

/** A vendor message used as an error code only when it does not quote the key back. */
export function withoutSecret(text: string | undefined, secret: string): string | undefined {
  return text === undefined || text.includes(secret) ? undefined : text;
}
