import { languageName } from "./detect-language.js";

/**
 * What a plan says about a question that is not in English, worded once here: the built-in stance
 * judge was fitted on English text, whatever language the queries are in.
 */
export function languageWarning(language: string, templated: boolean): string {
  const name = languageName(language);
  return templated
    ? `The question is in ${name}: its claim and queries are in ${name}, but the built-in stance judge reads English only, so its stances on ${name} pages are unreliable; an LLM or sampling judge reads any language.`
    : `The question is in ${name}, which the planner has no templates for: it is searched as asked, with no counter-query template. The plan and the built-in stance judge are English-first; an LLM or sampling judge reads any language.`;
}
