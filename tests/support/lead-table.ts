import type { Page } from "playwright-core";

/** The admin lead table, whatever its order ("Leads, newest first", "Leads, oldest first", ...). */
export const leadTable = (page: Page) => page.getByRole("table", { name: /^Leads, / });

/**
 * The names in the admin lead table, top to bottom ("No leads found" when empty): each row's cell after
 * its bulk checkbox, or the one cell of a message row.
 */
export const leadTableNames = (page: Page) =>
  leadTable(page)
    .locator("tbody tr")
    .evaluateAll((rows) =>
      rows.map((row) => {
        const cells = row.querySelectorAll("td");
        return (cells.length === 1 ? cells[0] : cells[1])?.textContent ?? "";
      }),
    );
