import type { z } from "zod";
import { type InputProblem, InvalidInputError } from "../errors.js";

/**
 * Parses an operation's input with its schema; a bad input throws `InvalidInputError` naming every
 * problem. The library, MCP and HTTP all parse through here, so they word a problem alike.
 */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.flatMap(toProblems);
  throw new InvalidInputError(describeProblems(problems), { problems, cause: result.error });
}

function toProblems(issue: z.core.$ZodIssue): InputProblem[] {
  if (issue.code === "unrecognized_keys") {
    return issue.keys.map((key) => ({
      path: [...issue.path, key].map(pathPart),
      message: "",
      unknownField: true,
    }));
  }
  return [{ path: issue.path.map(pathPart), message: issue.message }];
}

function pathPart(part: PropertyKey): string | number {
  return typeof part === "number" ? part : String(part);
}

/**
 * `limit must be an integer between 1 and 20; unknown field "verbose"; evidence item 2 needs a url`.
 * `fieldName` spells a top-level field as the surface does (`--deadline-ms` on the command line).
 */
export function describeProblems(
  problems: readonly InputProblem[],
  fieldName: (field: string) => string = (field) => field,
): string {
  const lines = problems.map((problem) => {
    // A capitalised message is a sentence that names its subject itself ("Unknown category …").
    if (/^\p{Lu}/u.test(problem.message)) return problem.message;
    const [field, ...rest] = problem.path;
    if (field === undefined) return `the input ${problem.message}`;
    const where = [
      fieldName(String(field)),
      ...rest.map((part) => (typeof part === "number" ? `item ${part + 1}` : part)),
    ];
    if (problem.unknownField) {
      return where.length === 1
        ? `unknown field "${where[0]}"`
        : `${where.slice(0, -1).join(" ")} has unknown field "${where.at(-1)}"`;
    }
    // A missing field of a list item reads as what the item lacks: "evidence item 2 needs a url".
    if (problem.message === "is required" && where.length > 2) {
      return `${where.slice(0, -1).join(" ")} needs a ${where.at(-1)}`;
    }
    return `${where.join(" ")} ${problem.message}`;
  });
  return [...new Set(lines)].join("; ");
}
