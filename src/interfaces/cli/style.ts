/** ANSI colour for the human-only stderr output (progress, `--explain`); identity functions when off. */
export interface Style {
  bold: (text: string) => string;
  dim: (text: string) => string;
  green: (text: string) => string;
  yellow: (text: string) => string;
  red: (text: string) => string;
}

const wrap =
  (open: number, close: number) =>
  (text: string): string =>
    `\u001b[${open}m${text}\u001b[${close}m`;

const COLOURED: Style = {
  bold: wrap(1, 22),
  dim: wrap(2, 22),
  green: wrap(32, 39),
  yellow: wrap(33, 39),
  red: wrap(31, 39),
};

const plain = (text: string): string => text;
const PLAIN: Style = { bold: plain, dim: plain, green: plain, yellow: plain, red: plain };

export function createStyle(colour: boolean): Style {
  return colour ? COLOURED : PLAIN;
}

/**
 * Colour only on a terminal, and never when the user said no: NO_COLOR set to anything non-empty
 * (https://no-color.org), FORCE_COLOR=0 or false, or TERM=dumb.
 */
export function colourWanted(env: Record<string, string | undefined>, isTTY: boolean): boolean {
  if (!isTTY) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  if (env.FORCE_COLOR === "0" || env.FORCE_COLOR === "false") return false;
  return env.TERM !== "dumb";
}
