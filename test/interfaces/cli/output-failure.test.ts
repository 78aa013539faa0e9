import { spawn } from "node:child_process";
import { closeSync, existsSync, openSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const INSTALLED = fileURLToPath(new URL("../../../dist/bin.cjs", import.meta.url));

/** Runs the command with its stdout on `stdout` (a file descriptor or a pipe closed at once). */
function runWith(
  args: string[],
  stdout: number | "closed",
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [INSTALLED, ...args], {
      stdio: ["ignore", stdout === "closed" ? "pipe" : stdout, "pipe"],
      env: { PATH: process.env.PATH ?? "" },
    });
    // A reader that goes away before the command writes, as `| head` does.
    if (stdout === "closed") child.stdout?.destroy();
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stderr }));
  });
}

describe("a command whose output cannot be written", () => {
  it.runIf(existsSync("/dev/full"))(
    "says so on stderr and exits 1, for a plan, the version and a schema alike",
    async () => {
      for (const args of [["plan", "Is coffee safe?", "--json"], ["--version"], ["schema"]]) {
        const full = openSync("/dev/full", "w");
        try {
          const { code, stderr } = await runWith(args, full);
          expect(code, args.join(" ")).toBe(1);
          expect(stderr).toBe("core-search: cannot write the output (ENOSPC)\n");
        } finally {
          closeSync(full);
        }
      }
    },
  );

  it("ends quietly with status 0 when its reader has gone away", async () => {
    for (const args of [["schema"], ["plan", "Is coffee safe?"]]) {
      const { code, stderr } = await runWith(args, "closed");
      expect(code, args.join(" ")).toBe(0);
      expect(stderr).toBe("");
    }
  });
});
