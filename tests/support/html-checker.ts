/**
 * The Nu HTML Checker (vnu.jar, needs Java) over a set of pages: the errors it reports, one line each,
 * named by the page's label.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const jar = path.resolve(import.meta.dirname, "../../node_modules/vnu-jar/build/dist/vnu.jar");

export async function htmlErrors(pages: { label: string; html: string }[]): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lw-vnu-"));
  try {
    const files = pages.map((page, index) => {
      const file = path.join(dir, `page-${index}.html`);
      fs.writeFileSync(file, page.html);
      return file;
    });
    const result = await promisify(execFile)(
      "java",
      ["-jar", jar, "--errors-only", "--format", "json", "--exit-zero-always", ...files],
      { maxBuffer: 20 * 1024 * 1024 },
    );
    const report = JSON.parse(result.stderr || result.stdout || '{"messages":[]}') as {
      messages: { type: string; url: string; message: string; extract?: string }[];
    };
    return report.messages
      .filter((m) => m.type === "error")
      .map(
        (m) =>
          `${pages[Number(/page-(\d+)\.html/.exec(m.url)?.[1])]?.label}: ${m.message} :: ${m.extract ?? ""}`,
      );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
