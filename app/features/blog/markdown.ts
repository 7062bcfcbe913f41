/**
 * Markdown to HTML for articles, run at build time. Raw HTML in the source is escaped (articles are
 * plain Markdown), headings get stable ids, and tables are wrapped so they scroll on phones.
 */
import { Marked, type Tokens } from "marked";
import YAML from "yaml";
import { articleFrontMatterSchema, type Article } from "./blog.schema.ts";

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

export const slugifyHeading = (text: string) =>
  text
    .toLowerCase()
    .replace(/<[^>]+>/g, "")
    .replace(/&[a-z0-9#]+;/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");

function createMarked() {
  // Scrollable table wrappers are labelled regions; each needs its own name (axe: landmark-unique).
  const usedLabels = new Map<string, number>();
  const tableLabel = (headers: string[]) => {
    const base = `Table: ${headers.filter(Boolean).join(", ")}`;
    const seen = (usedLabels.get(base) ?? 0) + 1;
    usedLabels.set(base, seen);
    return seen === 1 ? base : `${base} (${seen})`;
  };
  return new Marked({
    gfm: true,
    renderer: {
      html({ text }: Tokens.HTML | Tokens.Tag) {
        return escapeHtml(text);
      },
      heading({ tokens, depth }: Tokens.Heading) {
        const inner = this.parser.parseInline(tokens);
        return `<h${depth} id="${slugifyHeading(inner)}">${inner}</h${depth}>\n`;
      },
      table(token: Tokens.Table) {
        const headers = token.header.map((cell) => this.parser.parseInline(cell.tokens));
        const head = headers.map((cell) => `<th scope="col">${cell}</th>`).join("");
        const rows = token.rows
          .map(
            (row) =>
              `<tr>${row.map((cell) => `<td>${this.parser.parseInline(cell.tokens)}</td>`).join("")}</tr>`,
          )
          .join("\n");
        const label = escapeHtml(tableLabel(token.header.map((cell) => cell.text)));
        return `<div class="table-scroll" tabindex="0" role="region" aria-label="${label}"><table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></div>\n`;
      },
    },
  });
}

export const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** Parses one article file; throws with the problem (the caller adds the file name). */
export function parseArticle(source: string, fileSlug: string): Article {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(source);
  if (!match) throw new Error("missing front matter between --- lines");
  const parsed = articleFrontMatterSchema.safeParse(YAML.parse(match[1]!));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`front matter ${issue.path.join(".") || "(root)"}: ${issue.message}`);
  }
  if (parsed.data.slug !== fileSlug)
    throw new Error(`slug "${parsed.data.slug}" does not match the file name`);
  const body = match[2]!;
  if (/^#\s/m.test(body))
    throw new Error("the body must not contain a level-1 heading (the title is the h1)");
  return {
    ...parsed.data,
    bodyHtml: createMarked().parse(body, { async: false }),
    wordCount: countWords(parsed.data.intro) + countWords(body),
  };
}
