/**
 * The page's stylesheet and script, files of the package (src/interfaces/web/assets/, copied to
 * dist/ by the build), read once.
 */
import { readFileSync } from "node:fs";
import { codeFile } from "../../util/package-files.js";

let assets: { css: string; js: string; icon: string } | undefined;

export function pageAssets(): { css: string; js: string; icon: string } {
  assets ??= {
    css: readFileSync(codeFile("interfaces/web/assets/page.css"), "utf8"),
    js: readFileSync(codeFile("interfaces/web/assets/page.js"), "utf8"),
    icon: readFileSync(codeFile("interfaces/web/assets/icon.svg"), "utf8"),
  };
  return assets;
}
