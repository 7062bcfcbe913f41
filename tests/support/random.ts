import { createRandom } from "../../cli/seed-demo/random";

/**
 * The seed data's deterministic generator (cli/seed-demo/random.ts) for generated test data, with
 * `int(max)` counting from 0 as the fuzzers use it: the same seed, the same data.
 */
export function randomSource(seed: number) {
  const random = createRandom(seed);
  return { ...random, int: (max: number) => random.int(0, max - 1) };
}
export type Random = ReturnType<typeof randomSource>;
