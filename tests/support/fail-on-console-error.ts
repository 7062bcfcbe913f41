import { afterEach, vi } from "vitest";
import { configureLogging, logSettingsFrom } from "~/lib/log.server";

// DESIGN.md: console.error in a test is a failure, and so is a line the server logs at level error or
// fatal. Tests that expect an error log spy on console.error or capture the log (captureLog) themselves.
const errors: string[] = [];
const original = console.error;
vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
  errors.push(args.map(String).join(" "));
  original(...args);
});
configureLogging(
  { ...logSettingsFrom(process.env), format: "json" },
  {
    write(line: string) {
      process.stdout.write(line);
      if (/^\{"level":"(error|fatal)"/.test(line)) errors.push(line.trim());
    },
  },
);

afterEach(() => {
  if (errors.length === 0) return;
  const first = errors.join("\n");
  errors.length = 0;
  throw new Error(`console.error was called, or an error logged, during the test:\n${first}`);
});
