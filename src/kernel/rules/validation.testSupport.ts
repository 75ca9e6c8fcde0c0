/** Shared by the validation property tests (`validation.*.prop.test.ts`). */

/** fast-check settings: `FUZZ_RUNS` and `FUZZ_SEED` from the environment replay or deepen a run. */
export const runs = {
  numRuns: Number(process.env.FUZZ_RUNS ?? 200),
  seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined,
}
