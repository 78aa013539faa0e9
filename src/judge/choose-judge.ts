import type { Dispatcher } from "undici";
import type { Config } from "../config/config.js";
import { proxyDispatcher } from "../http/http-client.js";
import type { Logger } from "../log/logger.js";
import { defaultJudge } from "./default-judge.js";
import { createLlmJudge } from "./llm-judge.js";
import type { StanceJudge } from "./stance.js";

/**
 * The stance judge the settings ask for: the LLM judge when `CORE_SEARCH_LLM_URL` and `_MODEL` are
 * set (the built-in classifier answers whatever it cannot), else the built-in classifier. It gets
 * at most the configured deadline; inside `corroborate`, whatever the search left of it.
 */
export function chooseJudge(
  config: Pick<Config, "llm" | "proxy" | "deadlineMs">,
  options: { dispatcher?: Dispatcher | undefined; logger?: Logger | undefined } = {},
): StanceJudge {
  const { url, model, apiKey } = config.llm;
  if (!url || !model) return defaultJudge;
  return createLlmJudge({
    url,
    model,
    apiKey,
    // Through the configured proxy like every search request, unless the caller injects one.
    dispatcher: options.dispatcher ?? proxyDispatcher(config.proxy),
    timeoutMs: config.deadlineMs,
    fallback: defaultJudge,
    logger: options.logger,
  });
}
