export type OriginReason =
  | "same-url"
  | "syndication"
  | "wire"
  | "press-release"
  | "same-owner"
  | "doi"
  | "single";

export interface OriginGroup {
  /** Indexes into the item list, in item order. */
  members: number[];
  why: OriginReason;
}

/**
 * Groups unique pages into independent origins. Pages are already unique by canonical URL, so each
 * page is its own origin here; syndication, wire and ownership tracing refine these groups.
 */
export function assignOrigins(itemCount: number): OriginGroup[] {
  return Array.from({ length: itemCount }, (_, index) => ({ members: [index], why: "single" as const }));
}
