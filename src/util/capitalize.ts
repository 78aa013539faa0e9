/** Upper-cases the first letter; a name spelt with an inner capital keeps it: iPhone, eBay, macOS. */
export function capitalize(text: string): string {
  return /^\p{Ll}+\p{Lu}/u.test(text) ? text : text.charAt(0).toUpperCase() + text.slice(1);
}
