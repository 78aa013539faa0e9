import { maskUrl } from "../config/redact.js";
import { HttpFailure, ProviderError } from "../errors.js";

/** A transport failure (timeout, reset, body cap, …) as the provider's recorded attempt outcome. */
export function toProviderError(error: unknown, provider: string): unknown {
  if (!(error instanceof HttpFailure)) return error;
  return new ProviderError(maskUrl(error.message), { provider, outcome: error.kind, cause: error });
}
