import { terminalLine } from "../util/control-characters.js";

/**
 * Untrusted text on one line, unable to act on a terminal or to open links, images or HTML: every
 * renderer quotes web text so.
 */
export function oneLine(value: string): string {
  return terminalLine(value).replace(/([\\`*_[\]<>!|])/g, "\\$1");
}
