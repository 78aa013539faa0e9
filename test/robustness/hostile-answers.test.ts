/**
 * What a model judge can answer, up to the size limits: an OpenAI-compatible server's whole reply
 * (1 MiB) and an MCP client's sampling answer (256 K characters). Each is read in time linear in its
 * length, however it is made, and well-formed answers read as they always did.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { beforeAll, describe, expect, it } from "vitest";
import { configFromObject } from "../../src/config/config.js";
import { chooseJudge } from "../../src/judge/choose-judge.js";
import { defaultJudge } from "../../src/judge/default-judge.js";
import { createSamplingJudge } from "../../src/judge/sampling-judge.js";
import { LLM_MAX_ITEMS, parseAnswer } from "../../src/judge/stance-prompt.js";
import { assess } from "../../src/operations/assess.js";
import { growth, LINEAR_GROWTH } from "../helpers/cpu-time.js";
import { startScriptedServer } from "../helpers/scripted-server.js";

const MIB = 1024 * 1024;
/** The longest answer the sampling judge reads (MAX_ANSWER_CHARS in sampling-judge.ts). */
const SAMPLING_ANSWER_CHARS = 256 * 1024;
const NO_JSON = { ok: false, reason: "the model's answer held no JSON object" };

/** `<think>` tags, none closed, filling `chars` characters: at the sampling cap, 37,449 of them. */
const unclosedTags = (chars: number): string => "<think>".repeat(Math.floor(chars / 7));

describe("an answer at the size limits", () => {
  // Compiling the reader's loops is not what is measured: 64 K characters of each shape first (a
  // reading that retried the answer from each tag took seconds; the first call's compiling alone
  // took up to 100 ms on a busy machine).
  beforeAll(() => {
    for (const shape of ["<think>", "</think>", "<think></think>{", "{", '{"'])
      parseAnswer(shape.repeat(Math.floor((64 * 1024) / shape.length)), LLM_MAX_ITEMS, "llm");
  });

  it.each([
    ["1 MiB of unclosed <think> tags", "<think>", MIB],
    ["a sampling answer of unclosed <think> tags", "<think>", SAMPLING_ANSWER_CHARS],
    ["1 MiB of closing tags", "</think>", MIB],
    ["1 MiB of empty blocks, each followed by a brace", "<think></think>{", MIB],
    ["1 MiB of opening braces", "{", MIB],
    ["1 MiB of braces, each opening a string", '{"', MIB],
  ])("%s is read in time linear in its length, and holds no answer", (_, shape, chars) => {
    const answer = (share: number) => shape.repeat(Math.floor((chars * share) / shape.length));
    const read = (text: string) => parseAnswer(text, LLM_MAX_ITEMS, "llm");
    expect(growth(answer, read)).toBeLessThan(LINEAR_GROWTH);
    expect(read(answer(1))).toEqual(NO_JSON);
  });

  it("1 MiB of judgements is read in time linear in its length, up to the first judgements", () => {
    const entry = JSON.stringify({ id: 0, stance: "support" });
    const answer = (share: number) =>
      `{"judgements":[${Array(Math.floor((MIB * share) / (entry.length + 1))).fill(entry)}]}`;
    const read = (text: string) => parseAnswer(text, LLM_MAX_ITEMS, "llm");
    expect(growth(answer, read)).toBeLessThan(LINEAR_GROWTH);
    expect(read(answer(1))).toEqual({ ok: true, answers: new Map() });
  });

  it("reads a few judgements per source asked, no more", () => {
    const junk = Array(4 * LLM_MAX_ITEMS).fill({ id: 0, stance: "support" });
    const answer = JSON.stringify({ judgements: [...junk, { id: 1, stance: "support" }] });
    expect(parseAnswer(answer, 1, "llm")).toEqual({ ok: true, answers: new Map() });
  });
});

describe("a well-formed answer", () => {
  const json = JSON.stringify({
    judgements: [
      { id: 1, stance: "support", confidence: 0.9 },
      { id: 2, stance: "contradict" },
    ],
  });
  const read = {
    ok: true,
    answers: new Map([
      [1, { stance: "support", score: 0.9, judge: "llm" }],
      [2, { stance: "contradict", score: 0.6, judge: "llm" }],
    ]),
  };

  it.each([
    ["on its own", json],
    ["after a reasoning block", `<think>the {first} one supports</think>\n${json}`],
    ["after blocks in any case", `<THINK>a {</Think><think>b</think>${json}`],
    ["after a block holding an opening tag of its own", `<think>a <think> {b</think>${json}`],
    ["after a stray closing tag", `</think>${json}`],
    ["before an unclosed block", `${json}\n<think>and {more}`],
  ])("is read %s", (_, answer) => {
    expect(parseAnswer(answer, 2, "llm")).toEqual(read);
  });

  it("inside an unclosed block is a draft, not an answer: the model stopped before answering", () => {
    expect(parseAnswer(`<think>it could be ${json}`, 2, "llm")).toEqual(NO_JSON);
  });
});

describe("a model judge answering 1 MiB of unclosed <think> tags", () => {
  const CLAIM = "Cracking knuckles causes arthritis";
  const ITEMS = [
    { title: "No link between knuckle cracking and arthritis", snippet: "A 60-year self-experiment." },
    { title: "Knuckle cracking damages joints, study says", snippet: "" },
  ];
  it("leaves assess() its deadline, and the built-in classifier judges every source", async () => {
    const content = unclosedTags(MIB - 1024);
    const server = await startScriptedServer({
      "POST /v1/chat/completions": { body: { choices: [{ message: { role: "assistant", content } }] } },
    });
    try {
      const config = configFromObject({
        llm: { url: `${server.url}/v1`, model: "judge-model" },
        keyless: "off",
        stateDir: mkdtempSync(join(tmpdir(), "core-search-answers-")),
        cacheTtlMs: 0,
      });
      const evidence = ITEMS.map((item, i) => ({ url: `https://site${i}.example/a`, ...item }));
      const deadlineMs = 5_000;
      const started = performance.now();
      const result = await assess(
        { claim: CLAIM, evidence },
        { judge: chooseJudge(config), signal: AbortSignal.timeout(deadlineMs) },
      );
      expect(performance.now() - started).toBeLessThan(deadlineMs);
      expect(server.requests).toHaveLength(1);
      expect(result.notes).toContain(
        "LLM judge failed (the model's answer held no JSON object); the built-in classifier judged every source",
      );
      expect(result.evidence.map((e) => e.judge)).toEqual(["builtin", "builtin"]);
    } finally {
      await server.close();
    }
  });

  it("through MCP sampling, at its cap, leaves the judging to the fallback", async () => {
    const server = {
      createMessage: async () => ({
        model: "client-model",
        role: "assistant",
        content: { type: "text", text: unclosedTags(SAMPLING_ANSWER_CHARS) },
      }),
    } as unknown as Pick<Server, "createMessage">;
    const judge = createSamplingJudge({ server, timeoutMs: 5_000, fallback: defaultJudge });
    const notes: string[] = [];
    const judgements = await judge.judge(CLAIM, ITEMS, new AbortController().signal, (note) =>
      notes.push(note),
    );
    expect(notes).toEqual([
      "The MCP client's model failed (the model's answer held no JSON object); the built-in classifier judged every source",
    ]);
    expect(judgements.map((j) => j.judge)).toEqual(["builtin", "builtin"]);
  });
});
