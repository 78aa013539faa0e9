import { CONFIDENCE_LABELS } from "../judge/label.js";
import { GOLD_STANCES } from "./eval-data.js";
import type { EvalResult, LabelScore } from "./evaluate.js";
import { CALIBRATION_BINS } from "./stance-metrics.js";

/** One data file's metrics, named by the file they were measured on. */
export interface FileEvaluation extends EvalResult {
  file: string;
}

/** The `eval` command's text: one section per data file, in the order given. */
export function renderEvaluations(files: readonly FileEvaluation[]): string {
  return files.map(renderEvaluation).join("\n");
}

function renderEvaluation(result: FileEvaluation): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const { stance, baseline, veracity } = result;
  const lines = [
    `## ${result.file}`,
    "",
    `${count(result.claims, "claim")}, ${count(result.items, "item")}`,
    "",
    `Stance accuracy ${pct(stance.accuracy)}, macro-F1 ${stance.macroF1.toFixed(3)}`,
    `Always "support": accuracy ${pct(baseline.accuracy)}, macro-F1 ${baseline.macroF1.toFixed(3)}`,
    `Answered neutral (or unrelated): ${pct(stance.neutralShare)} of items`,
    `Calibration error (ECE, ${CALIBRATION_BINS} bins): ${stance.ece.toFixed(3)}`,
    "",
    "| class | precision | recall | F1 | items |",
    "| --- | --- | --- | --- | --- |",
    ...GOLD_STANCES.map((c) => {
      const s = stance.perClass[c];
      return `| ${c} | ${s.precision.toFixed(3)} | ${s.recall.toFixed(3)} | ${s.f1.toFixed(3)} | ${s.count} |`;
    }),
    "",
    "| gold \\ predicted | support | contradict | neutral |",
    "| --- | --- | --- | --- |",
    ...GOLD_STANCES.map((g) => `| ${g} | ${GOLD_STANCES.map((p) => stance.confusion[g][p]).join(" | ")} |`),
    ...(result.byKind.length > 0
      ? [
          "",
          "| kind | items | judged as labelled | answered neutral |",
          "| --- | --- | --- | --- |",
          // A kind is the data's own text: a bar in it would split the table.
          ...result.byKind.map(
            (k) =>
              `| ${k.kind.replaceAll("|", "/")} | ${k.items} | ${pct(k.accuracy)} | ${pct(k.neutralShare)} |`,
          ),
        ]
      : []),
    "",
    `Label agreement with the label of the gold stances: ${pct(result.labelAgreement)}`,
    ...(veracity
      ? [
          `Corroborated findings agreeing with the claim's veracity: ${veracity.corroborated.agree}/${veracity.corroborated.count}`,
          `Contested claims that are false: ${veracity.contested.false}/${veracity.contested.count}`,
        ]
      : []),
    ...(result.labels ? renderLabels(result.labels) : []),
    ...(result.notes.length > 0 ? ["", "Notes:", ...result.notes.map((n) => `- ${n}`)] : []),
  ];
  return `${lines.join("\n")}\n`;
}

/** Label and direction accuracy against the file's expected labels, and the label confusion, per judge. */
function renderLabels(labels: NonNullable<EvalResult["labels"]>): string[] {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const scores: [string, LabelScore][] = [
    [`stances by ${labels.judge.decidedBy}`, labels.judge],
    ["labelled stances given (caller)", labels.caller],
  ];
  return [
    "",
    `Expected labels (${count(labels.judge.claims, "claim")}):`,
    "",
    "| stances | label | direction |",
    "| --- | --- | --- |",
    ...scores.map(([name, s]) => `| ${name} | ${pct(s.labelAccuracy)} | ${pct(s.directionAccuracy)} |`),
    ...scores.flatMap(([name, s]) => [
      "",
      `Label confusion, ${name} (expected \\ got):`,
      "",
      `| expected \\ got | ${CONFIDENCE_LABELS.join(" | ")} |`,
      `| --- | ${CONFIDENCE_LABELS.map(() => "---").join(" | ")} |`,
      ...CONFIDENCE_LABELS.map(
        (e) => `| ${e} | ${CONFIDENCE_LABELS.map((g) => s.confusion[e][g]).join(" | ")} |`,
      ),
    ]),
  ];
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
