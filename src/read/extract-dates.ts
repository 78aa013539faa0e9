/**
 * Publication dates as pages state them, made ISO 8601. Only forms that say the date without
 * guessing are read: an ISO date or timestamp (HTML metadata, JSON-LD, <time datetime>) and the
 * PDF date string. A timestamp with a zone becomes UTC; one without a zone keeps only its date,
 * since the instant it names is unknown.
 */

const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/** `D:YYYYMMDDHHmmSSOHH'mm'` with everything after the year optional (PDF 32000-1, 7.9.4). */
const PDF_DATE =
  /^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:(Z|[+-])(?:(\d{2})'?(?:(\d{2})'?)?)?)?$/i;

export function isoDate(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  // Scholarly metadata (citation_publication_date) writes 2024/03/05; the order is ISO's.
  const match = ISO_DATE.exec(value.trim().replace(/^(\d{4})\/(\d{2})\/(\d{2})/, "$1-$2-$3"));
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second, fraction, zone] = match;
  return assemble({
    year: Number(year),
    month: Number(month),
    day: Number(day),
    time:
      hour === undefined || zone === undefined
        ? undefined
        : {
            hour: Number(hour),
            minute: Number(minute),
            second: Number(second ?? 0),
            millisecond: Number(`0.${fraction ?? "0"}`) * 1000,
            offsetMinutes: zoneOffset(zone),
          },
  });
}

export function pdfDate(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const match = PDF_DATE.exec(value.trim());
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second, sign, offsetHour, offsetMinute] = match;
  const date = { year: Number(year), month: Number(month ?? 1), day: Number(day ?? 1) };
  // Without a zone the time is local to whoever wrote the file: keep the date alone.
  if (hour === undefined || sign === undefined) return assemble({ ...date, time: undefined });
  const offset = Number(offsetHour ?? 0) * 60 + Number(offsetMinute ?? 0);
  return assemble({
    ...date,
    time: {
      hour: Number(hour),
      minute: Number(minute ?? 0),
      second: Number(second ?? 0),
      millisecond: 0,
      offsetMinutes: sign === "-" ? -offset : offset,
    },
  });
}

function zoneOffset(zone: string): number {
  if (zone.toUpperCase() === "Z") return 0;
  const digits = zone.slice(1).replace(":", "");
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || 0);
  return zone.startsWith("-") ? -minutes : minutes;
}

interface DateParts {
  year: number;
  month: number;
  day: number;
  time:
    | { hour: number; minute: number; second: number; millisecond: number; offsetMinutes: number }
    | undefined;
}

/** The ISO form of a calendar-valid date, or undefined (2024-02-30, month 13, hour 25 …). */
function assemble({ year, month, day, time }: DateParts): string | undefined {
  const utc = Date.UTC(year, month - 1, day);
  const check = new Date(utc);
  if (year < 1000 || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return undefined;
  if (time === undefined) return `${year}-${pad(month)}-${pad(day)}`;
  const { hour, minute, second, millisecond, offsetMinutes } = time;
  if (hour > 23 || minute > 59 || second > 60 || Math.abs(offsetMinutes) > 18 * 60) return undefined;
  const instant = utc + ((hour * 60 + minute - offsetMinutes) * 60 + Math.min(second, 59)) * 1000;
  return new Date(instant + Math.round(millisecond)).toISOString();
}

function pad(value: number): string {
  return String(value).padStart(2, "0");
}
