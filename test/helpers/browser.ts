/**
 * Headless Chromium for the page's tests: the system's browser (Debian's `chromium`, which
 * .ci/run installs) driven by playwright-core, which downloads nothing. Where no browser is
 * installed, `browserPath` is undefined and the tests say so as they skip.
 */
import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

const CANDIDATES = [process.env.CORE_SEARCH_TEST_CHROMIUM, "/usr/bin/chromium", "/usr/bin/chromium-browser"];

export const browserPath: string | undefined = CANDIDATES.find(
  (path): path is string => path !== undefined && path !== "" && existsSync(path),
);

export const NO_BROWSER =
  "no Chromium found (/usr/bin/chromium): install Debian's chromium package (.ci/run does) to run the page's browser tests";

export async function launchBrowser(): Promise<Browser> {
  if (!browserPath) throw new Error(NO_BROWSER);
  return chromium.launch({ executablePath: browserPath, headless: true, args: ["--no-sandbox"] });
}
