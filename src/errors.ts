// Moved to src/operations/errors.ts; this re-export keeps the modules outside this change compiling
// until their imports point there.
export * from "./operations/errors.js";
