/**
 * Terminal escape sequences, removed whole so no `[31m` is left behind: CSI (ESC [, parameters,
 * intermediates, a final byte); OSC, DCS, SOS, PM and APC strings (ESC ] P X ^ _) up to BEL or ST,
 * or the end of the line when unterminated; and the short ESC sequences (charset selection, keypad
 * modes and the like). A lone C1 introducer (0x9b and kin) goes with the other controls but takes
 * nothing after it: in decoded text it is more often a stray byte than a sequence, and once every
 * control is gone nothing left can start one.
 */
const ESCAPE_SEQUENCE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching escape sequences is the point
  /\x1b\[[0-?]*[ -/]*[@-~]?|\x1b[\]PX^_][^\x07\x1b\n]*(?:\x07|\x1b\\)?|\x1b[ -/]*[0-~]?/g;

/**
 * C0 and C1 control characters other than whitespace (tab, line feed, vertical tab, form feed,
 * carriage return). Text from the web is printed to terminals and handed to models; an ESC or CSI
 * in it could clear a screen, recolour it or forge a link there.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const CONTROL = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/g;

/**
 * `text` without escape sequences and control characters; whitespace stays. The one cleaning of
 * untrusted text for terminals: every printing point runs web text through it (or `terminalLine`).
 */
export function withoutControls(text: string): string {
  return text.replace(ESCAPE_SEQUENCE, "").replace(CONTROL, "");
}

/**
 * `text` for one line of a terminal: without escape sequences and control characters, its line
 * breaks and runs of whitespace one space, so web text can neither act on the terminal nor forge
 * lines of output. What prints a field of web text on one line prints it through this.
 */
export function terminalLine(text: string): string {
  return withoutControls(text).replace(/\s+/g, " ").trim();
}
