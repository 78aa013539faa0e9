export { type Config, configFromObject, loadConfig } from "./config/config.js";
export { type DedupeInput, type DedupeOutput, dedupe } from "./dedup/dedupe.js";
export {
  ConfigError,
  CoreSearchError,
  type CoreSearchErrorCode,
  InvalidInputError,
  ProviderError,
  ReadFailure,
  type ReadFailureReason,
} from "./errors.js";
export type { ConfidenceLabel, Direction } from "./judge/label.js";
export type { Stance, StanceJudge, StanceJudgement } from "./judge/stance.js";
export {
  type AssessEvidence,
  type Assessment,
  type AssessOptions,
  type AssessRequest,
  assess,
  type GivenStance,
} from "./operations/assess.js";
export { type CorroborateOptions, corroborate } from "./operations/corroborate.js";
export { type PlanOptions, plan } from "./operations/plan.js";
export type { ProgressEvent } from "./operations/progress-events.js";
export { type ReadOptions, type ReadResult, read } from "./operations/read.js";
export {
  deleteRun,
  getRun,
  listRuns,
  type RejudgeOptions,
  type RunsOptions,
  rejudge,
} from "./operations/runs.js";
export {
  type SearchEnvelope,
  type SearchOptions,
  type SearchOutcome,
  search,
  toEnvelope,
} from "./operations/search.js";
export {
  type CallRole,
  type Plan,
  type PlannedCall,
  planSchema,
  type QueryType,
} from "./plan/plan-schema.js";
export type {
  Category,
  ProviderName,
  SafeSearch,
  SearchHit,
  SearchProvider,
  SearchRequest,
  SearchResponse,
  TimeRange,
} from "./providers/search-provider.js";
export { everyCallFailed } from "./report/failure-cause.js";
export { renderMarkdown } from "./report/render-markdown.js";
export {
  type CallRecord,
  type Evidence,
  type Origin,
  type Report,
  reportJsonSchema,
  reportSchema,
} from "./report/report-schema.js";
export type { RunKind, RunSummary, StoredRun } from "./runs/run-record.js";
export { withMemoryFallback } from "./state/fallback-store.js";
export { createFileStore } from "./state/file-store.js";
export { createMemoryStore } from "./state/memory-store.js";
export { openStateStore } from "./state/open-state-store.js";
export { createRedisStore } from "./state/redis-store.js";
export type { CounterResult, StateStore } from "./state/state-store.js";
