import type { Dispatcher } from "undici";
import type { Config } from "../config/config.js";
import { InvalidInputError } from "../errors.js";
import { proxyDispatcher } from "../http/http-client.js";
import type { Logger } from "../log/logger.js";
import type { JudgeChoice } from "../operations/input-fields.js";
import { defaultJudge } from "./default-judge.js";
import { createLlmJudge } from "./llm-judge.js";
import type { StanceJudge } from "./stance.js";

export interface JudgeContext {
  dispatcher?: Dispatcher | undefined;
  logger?: Logger | undefined;
  /** The MCP client's model, when the call came over MCP from a client that offers sampling. */
  sampling?: (() => StanceJudge) | undefined;
}

/**
 * The stance judge for one call. `auto`, the same on every surface: the MCP client's model when it
 * offers sampling (unless CORE_SEARCH_SAMPLING=off), else the LLM judge when CORE_SEARCH_LLM_URL and
 * _MODEL are set, else the built-in classifier. A model judge gets at most the configured deadline
 * (inside `corroborate`, whatever the search left of it); the built-in classifier answers whatever
 * it cannot.
 */
export function chooseJudge(
  config: Pick<Config, "llm" | "proxy" | "deadlineMs"> & Partial<Pick<Config, "sampling">>,
  context: JudgeContext = {},
  choice: JudgeChoice = "auto",
): StanceJudge {
  const sampling = config.sampling === "off" ? undefined : context.sampling;
  const llmConfigured = Boolean(config.llm.url && config.llm.model);
  switch (choice) {
    case "builtin":
      return defaultJudge;
    case "sampling":
      if (sampling === undefined) {
        throw new InvalidInputError(
          config.sampling === "off"
            ? "judge sampling is turned off (CORE_SEARCH_SAMPLING=off)"
            : "judge sampling needs an MCP client that offers sampling",
        );
      }
      return sampling();
    case "llm":
      if (!llmConfigured) {
        throw new InvalidInputError(
          "judge llm needs CORE_SEARCH_LLM_URL and CORE_SEARCH_LLM_MODEL to be set",
        );
      }
      return llmJudge(config, context);
    case "auto":
      if (sampling !== undefined) return sampling();
      return llmConfigured ? llmJudge(config, context) : defaultJudge;
  }
}

function llmJudge(config: Pick<Config, "llm" | "proxy" | "deadlineMs">, context: JudgeContext): StanceJudge {
  const { url, model, apiKey } = config.llm;
  return createLlmJudge({
    url: url ?? "",
    model: model ?? "",
    apiKey,
    // Through the configured proxy like every search request, unless the caller injects one.
    dispatcher: context.dispatcher ?? proxyDispatcher(config.proxy),
    timeoutMs: config.deadlineMs,
    fallback: defaultJudge,
    logger: context.logger,
  });
}
