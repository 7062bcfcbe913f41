import { afterEach, vi } from "vitest";

// DESIGN.md: console.error in a test is a failure. Tests that expect an error log spy on it themselves.
const errors: unknown[][] = [];
const original = console.error;
vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
  errors.push(args);
  original(...args);
});

afterEach(() => {
  if (errors.length === 0) return;
  const first = errors.map((args) => args.map(String).join(" ")).join("\n");
  errors.length = 0;
  throw new Error(`console.error was called during the test:\n${first}`);
});
