import { hostIsUnder } from "../dedup/normalise-host.js";
import { MAX_RESULTS_PER_REQUEST } from "../providers/hit-fields.js";
import { providerRow } from "../providers/registry.js";
import type { ProviderName, SearchHit, SearchOption, SearchRequest } from "../providers/search-provider.js";

/**
 * What the chain does about the request's options, whichever stage serves it. Which service applies
 * which option is its registry row's `options`; the provider files map those to their parameters.
 * The rest is done here, the same way for every service: a later page is never taken from a service
 * that cannot page (it would repeat the first), results outside the domains asked for are dropped
 * (a guarantee, even where the service filtered them itself), and every other option left unapplied
 * is said in a warning.
 */

type Options = Pick<
  SearchRequest,
  "language" | "safeSearch" | "page" | "includeDomains" | "excludeDomains" | "limit"
>;

/** Whether `name`'s own API applies `option`. */
export function applies(name: ProviderName, option: SearchOption): boolean {
  return (providerRow(name).options as readonly SearchOption[]).includes(option);
}

/** A stage to pass over: a later page asked of a service that has no pages. */
export function cannotPage(name: ProviderName, request: Options): boolean {
  return (request.page ?? 1) > 1 && !applies(name, "page");
}

function asksDomains(request: Options): boolean {
  return (request.includeDomains?.length ?? 0) > 0 || (request.excludeDomains?.length ?? 0) > 0;
}

/**
 * The request as a stage is asked it. A service without a domain filter is asked for as many results
 * as a request may (those are the free and self-hosted ones), so that some are left once filtered.
 */
export function requestFor<R extends Options>(name: ProviderName, request: R): R {
  return asksDomains(request) && !applies(name, "domains")
    ? { ...request, limit: MAX_RESULTS_PER_REQUEST }
    : request;
}

/**
 * The hits on the domains asked for, and how many were outside; cut to the request's limit, since
 * `requestFor` may have asked for more. Without domains the hits are the stage's, as it answered.
 */
export function withinDomains(hits: SearchHit[], request: Options): { hits: SearchHit[]; dropped: number } {
  if (!asksDomains(request)) return { hits, dropped: 0 };
  const include = request.includeDomains ?? [];
  const exclude = request.excludeDomains ?? [];
  const kept = hits.filter((hit) => {
    const host = hostOf(hit.url);
    return (
      (include.length === 0 || include.some((domain) => hostIsUnder(host, domain))) &&
      !exclude.some((domain) => hostIsUnder(host, domain))
    );
  });
  return { hits: kept.slice(0, request.limit), dropped: hits.length - kept.length };
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase().replace(/\.$/, "");
  } catch {
    return "";
  }
}

/**
 * What `name` left unapplied, one warning per option: never dropped silently. Options in `quiet`
 * go unsaid (the plan's own language: the query is already in it, so a service without a language
 * filter loses nothing). `kept` is what the domain filter here left of `answered` results.
 */
export function unappliedOptions(
  name: ProviderName,
  request: Options,
  filtered: { kept: number; answered: number },
  quiet: readonly SearchOption[] = [],
): string[] {
  const said = (option: SearchOption) => !applies(name, option) && !quiet.includes(option);
  const warnings: string[] = [];
  if (request.language !== undefined && said("language")) {
    warnings.push(`language "${request.language}" not supported: searched without it`);
  }
  if (request.safeSearch !== undefined && said("safeSearch")) {
    warnings.push(
      request.safeSearch === "off"
        ? 'safeSearch "off" not supported: the service\'s own filtering applied'
        : `safeSearch "${request.safeSearch}" not supported: results were not filtered for explicit content`,
    );
  }
  if (asksDomains(request) && said("domains")) {
    const lists = [
      (request.includeDomains?.length ?? 0) > 0 ? "includeDomains" : "",
      (request.excludeDomains?.length ?? 0) > 0 ? "excludeDomains" : "",
    ].filter(Boolean);
    warnings.push(
      `${lists.join(" and ")} not supported: its results were filtered by address instead (${filtered.kept} of ${filtered.answered} kept)`,
    );
  }
  return warnings;
}
