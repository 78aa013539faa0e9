import type { Logger } from "../log/logger.js";
import { defaultJudge } from "./default-judge.js";
import { type JudgeKind, type StanceInput, type StanceJudge, withDecider } from "./stance.js";
import {
  buildPrompt,
  LLM_MAX_ITEMS,
  loadStancePrompt,
  parseAnswer,
  type StancePrompt,
} from "./stance-prompt.js";

/** What one request to a model gave: the text of its answer, or why there is none (fixed words, no secrets). */
export type ModelReply = { ok: true; content: string } | { ok: false; reason: string };

export interface ModelJudgeSettings {
  name: string;
  kind: JudgeKind;
  /** How the notes name this judge ("LLM judge", "The MCP client's model"). */
  label: string;
  /** Sends one prompt and returns the model's answer; never throws for a failing model. */
  ask: (prompt: StancePrompt, signal: AbortSignal) => Promise<ModelReply>;
  /** Judges what the model did not: every source when the request fails. Meant to be offline and fast. */
  fallback: StanceJudge;
  logger?: Logger | undefined;
}

/**
 * A stance judge backed by a language model: one batched request per set of texts (a report's
 * results; the passages of the pages it reads), the answer checked item by item. Whatever the
 * model does not answer usably is judged by the fallback, and the notes say how many and why; the
 * judge itself never throws for a failing model.
 */
export function createModelJudge(settings: ModelJudgeSettings): StanceJudge {
  const { fallback, logger, label } = settings;
  const fallbackName = fallback === defaultJudge ? "the built-in classifier" : `the "${fallback.name}" judge`;

  const ask = async (claim: string, items: readonly StanceInput[], signal: AbortSignal) => {
    let prompt: StancePrompt;
    try {
      prompt = buildPrompt(await loadStancePrompt(), claim, items);
    } catch {
      return { ok: false as const, reason: "prompt templates unreadable" };
    }
    const reply = await settings.ask(prompt, signal);
    return reply.ok ? parseAnswer(reply.content, items.length, settings.kind) : reply;
  };

  return {
    name: settings.name,
    kind: settings.kind,
    async judge(claim, items, signal, note) {
      if (items.length === 0) return [];
      const asked = items.slice(0, LLM_MAX_ITEMS);
      const outcome = await ask(claim, asked, signal);
      if (!outcome.ok) {
        logger?.warn(
          { reason: outcome.reason, judge: settings.name },
          "model stance judge failed; using the fallback",
        );
        note?.(`${label} failed (${outcome.reason}); ${fallbackName} judged every source`);
        // What the fallback answers is recorded as its own, not the model's.
        return withDecider(await fallback.judge(claim, items, stillOpen(signal), note), fallback);
      }
      const missing = items.flatMap((_, index) => (outcome.answers.has(index + 1) ? [] : [index]));
      const unanswered = missing.filter((index) => index < asked.length).length;
      if (unanswered > 0) {
        note?.(`${label} left ${unanswered} item(s) unanswered; ${fallbackName} judged them`);
      }
      if (items.length > asked.length) {
        note?.(
          `${label} was asked about the first ${asked.length} sources only; ${fallbackName} judged the other ${items.length - asked.length}`,
        );
      }
      const backup =
        missing.length === 0
          ? []
          : withDecider(
              await fallback.judge(
                claim,
                missing.map((index) => items[index] as StanceInput),
                stillOpen(signal),
                note,
              ),
              fallback,
            );
      const byIndex = new Map(missing.map((index, k) => [index, backup[k]]));
      return items.map(
        (_, index) =>
          outcome.answers.get(index + 1) ?? byIndex.get(index) ?? { stance: "neutral" as const, score: 0 },
      );
    },
  };
}

/**
 * The fallback is offline and quick: it still answers after the deadline stopped the model, so a
 * slow model costs the report its model stances, not its stances.
 */
function stillOpen(signal: AbortSignal): AbortSignal {
  return signal.aborted ? new AbortController().signal : signal;
}
