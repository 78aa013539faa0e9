/**
 * Call 3 goes to `it` for software (libraries, tools, errors, code) and to `science` for everything
 * else, which is where research, papers and theory live; ambiguous questions default to science.
 */
const IT_TERMS =
  /\b(?:software|library|libraries|frameworks?|apis?|sdks?|cli|databases?|sql|postgres(?:ql)?|mysql|sqlite|mongodb|redis|kafka|kubernetes|k8s|docker|containers?|linux|windows|macos|python|javascript|typescript|node(?:\.?js)?|deno|bun|rust|golang|java|kotlin|swift|c\+\+|c#|\.net|php|ruby|rails|django|flask|react|vue|angular|svelte|next\.?js|npm|pip|git|github|compilers?|runtimes?|servers?|serverless|cloud|aws|azure|gcp|terraform|ansible|devops|ci\/cd|microservices?|orm|graphql|grpc|webassembly|wasm|browsers?|code|coding|programming|bug|error|exception|stack trace|segfault|segmentation fault|deploy(?:ment)?|llm|gpu|cuda|vim|emacs|vscode|ide|editor|open source|saas|encryption|vpn|password manager|firewall)\b/i;

/** Case matters here: "REST" is an API style, "rest" is sleep; `TypeError` is code, "error" may not be. */
const IT_TOKENS = /\b(?:REST(?:ful)?|[A-Z]\w*(?:Error|Exception))\b/;

export function routeCall3(question: string): "science" | "it" {
  return IT_TERMS.test(question) || IT_TOKENS.test(question) ? "it" : "science";
}
