import { describe, expect, it } from "vitest";
import { maskUrl, mentionsSecret, withoutSecret } from "../../src/config/redact.js";

describe("maskUrl", () => {
  it.each<[string, string]>([
    ["http://user:s3cret@host:8888/searx", "http://***:***@host:8888/searx"],
    ["https://token@host/path", "https://***:***@host/path"],
    ["http://us@er:pa@ss@host/", "http://***:***@host/"],
    ["http://user:s3cret@host:99999/", "http://***:***@host:99999/"],
    ["redis://:s3cret@redis:6379/0", "redis://***:***@redis:6379/0"],
    ["https://api.example/search?q=cats&api_key=s3cret", "https://api.example/search?q=cats&api_key=***"],
    ["https://h/?apikey=s3cret&key=s3cret&token=s3cret", "https://h/?apikey=***&key=***&token=***"],
    ["https://h/?access_token=s3cret#frag", "https://h/?access_token=***#frag"],
    ["https://h/?secret=s3cret&password=s3cret&sig=s3cret", "https://h/?secret=***&password=***&sig=***"],
    ["https://mcp.exa.ai/mcp?exaApiKey=s3cret", "https://mcp.exa.ai/mcp?exaApiKey=***"],
    [
      "https://s3.example/o?X-Amz-Signature=s3cret&X-Amz-Credential=s3cret",
      "https://s3.example/o?X-Amz-Signature=***&X-Amz-Credential=***",
    ],
    ["https://h/cb#access_token=s3cret&state=1", "https://h/cb#access_token=***&state=1"],
    ["https://h/?q=token&page=2", "https://h/?q=token&page=2"],
    ["https://h/path?q=cats", "https://h/path?q=cats"],
    ["not a url at all", "not a url at all"],
    [
      "GET http://a:s3cret@h/x?api_key=s3cret failed; retry https://h2/?token=s3cret.",
      "GET http://***:***@h/x?api_key=*** failed; retry https://h2/?token=***.",
    ],
  ])("%s", (input, expected) => {
    expect(maskUrl(input)).toBe(expected);
    expect(maskUrl(expected)).toBe(expected);
  });
});

describe("mentionsSecret: a key echoed back in any form it keeps its characters in", () => {
  const KEY = "sk-Live_4f1d9a/x+Q=";
  const b64 = (text: string) => Buffer.from(text).toString("base64");
  const b64url = (text: string) => Buffer.from(text).toString("base64url");
  it.each<[string, string]>([
    ["as it is", `Invalid API key ${KEY}`],
    ["upper-cased", `INVALID_KEY_${KEY.toUpperCase()}`],
    ["lower-cased", KEY.toLowerCase()],
    ["percent-encoded", `key=${encodeURIComponent(KEY)}`],
    ["percent-encoded in lower-case hex", encodeURIComponent(KEY).toLowerCase()],
    ["percent-encoded twice", encodeURIComponent(encodeURIComponent(KEY))],
    ["base64", b64(KEY)],
    ["base64url", b64url(KEY)],
    ["base64 of a Basic header's user:key", `Basic ${b64(`user:${KEY}`)}`],
    ["base64 of user:key, one byte off", b64(`xuser:${KEY}`)],
    ["base64 of user:key, two bytes off", b64(`xxuser:${KEY}`)],
    ["base64 glued to other letters", `code${b64url(`u:${KEY}`)}`],
  ])("finds it %s", (_, text) => {
    expect(mentionsSecret(text, KEY)).toBe(true);
    expect(withoutSecret(text, KEY)).toBeUndefined();
  });

  it.each<[string, string]>([
    ["a plain vendor code", "NO_MORE_CREDITS"],
    ["part of the key only", KEY.slice(0, 8)],
    ["the base64 of something else", b64("an unrelated message of some length")],
    ["nothing", ""],
  ])("does not see it in %s", (_, text) => {
    expect(mentionsSecret(text, KEY)).toBe(false);
    expect(withoutSecret(text, KEY)).toBe(text);
  });

  it("sees no secret in an empty one", () => {
    expect(mentionsSecret("anything", "")).toBe(false);
  });
});
