import { expect } from "vitest";
import { ReadFailure } from "../../src/errors.js";

/** Everything an error could show: message, stack and the whole cause chain. */
export function said(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 10; depth++) {
    parts.push(current.message, String(current.stack));
    current = current.cause;
  }
  return parts.join("\n");
}

/** What a read failed with; fails the test when it did not fail. */
export async function readFailure(promise: Promise<unknown>): Promise<ReadFailure> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ReadFailure);
    return error as ReadFailure;
  }
  throw new Error("the read succeeded");
}
