import { describe, expect, it } from "vitest";
import { maskUrl } from "../../src/config/redact.js";

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
