/**
 * C0 and C1 control characters other than whitespace (tab, line feed, vertical tab, form feed,
 * carriage return). Text from the web is printed to terminals and handed to models; an ESC or CSI
 * in it could clear a screen, recolour it or forge a link there.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const CONTROL = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/g;

/** `text` without control characters; whitespace stays. */
export function withoutControls(text: string): string {
  return text.replace(CONTROL, "");
}
