/** Untrusted text on one line, unable to open links, images or HTML: every renderer quotes web text so. */
export function oneLine(value: string): string {
  return value.replace(/\s+/g, " ").replace(/([\\`*_[\]<>!|])/g, "\\$1");
}
