import { describe, expect, it } from "vitest";
import { webhookLogBefore, webhookMessages, webhookUrlSchema } from "./webhooks.schema";

const urlError = (url: string) => webhookUrlSchema.safeParse({ url }).error?.issues[0]?.message;

describe("the webhook URL form", () => {
  it("takes a full URL, trimmed", () => {
    expect(webhookUrlSchema.parse({ url: "  https://crm.example.com/hooks?x=1 " }).url).toBe(
      "https://crm.example.com/hooks?x=1",
    );
  });

  it.each([
    ["", webhookMessages.required],
    ["crm.example.com/hook", webhookMessages.invalid],
    ["ftp://crm.example.com/", webhookMessages.invalid],
    ["javascript:alert(1)", webhookMessages.invalid],
    ["https://me:pw@crm.example.com/", webhookMessages.credentials],
    [`https://crm.example.com/${"a".repeat(2000)}`, webhookMessages.tooLong],
  ])("refuses %j", (url, message) => {
    expect(urlError(url)).toBe(message);
  });

  it("reads the log's page cursor as a positive whole number only", () => {
    expect(webhookLogBefore(new URL("http://x/?before=42"))).toBe(42);
    for (const bad of ["0", "-1", "1e3", "abc", "99999999999999999999"]) {
      expect(webhookLogBefore(new URL(`http://x/?before=${bad}`))).toBeUndefined();
    }
  });
});
