/** The contact and career forms in Chromium, with and without JavaScript. */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { paths } from "~/lib/site";
import { viewports } from "../support/browser";
import { appForFile, toast } from "../support/e2e-app";

const app = appForFile();
const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

describe("contact form", () => {
  it("sends a message, shows the success toast and resets the form", async () => {
    const page = await app.open(paths.contact, viewports.phone);
    await page.getByLabel("Name").fill("Jane Investor");
    await page.getByLabel("Email").fill(`jane-${unique()}@example.com`);
    await page.getByLabel("Company (optional)").fill("Oak Street Buyers");
    await page.getByLabel("Subject").fill("Leads in Dallas");
    await page
      .getByLabel("Message", { exact: true })
      .fill("We would like 200 motivated seller leads a month in Dallas County.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await toast(page, "Message Sent!").waitFor();
    await expect(toast(page, "Message Sent!").textContent()).resolves.toContain(
      "Thank you for your message. We'll get back to you soon.",
    );
    await page.waitForFunction(
      () => (document.querySelector('input[name="name"]') as HTMLInputElement).value === "",
    );
    expect(await page.getByLabel("Message", { exact: true }).inputValue()).toBe("");
  });

  it("shows each error under its field and the validation toast", async () => {
    const page = await app.open(paths.contact);
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Send Message" }).click();
    await toast(page, "Validation Error").waitFor();
    for (const [label, message] of [
      ["Name", "Name is required"],
      ["Email", "Invalid email address"],
      ["Subject", "Subject is required"],
      ["Message", "Message is required"],
    ] as const) {
      const input = page.getByLabel(label, { exact: true });
      await expect(input.getAttribute("aria-invalid")).resolves.toBe("true");
      const describedBy = (await input.getAttribute("aria-describedby"))!;
      await expect(page.locator(`#${describedBy}`).textContent()).resolves.toBe(message);
    }
  });

  it("checks a field as soon as the visitor leaves it", async () => {
    const page = await app.open(paths.contact);
    await page.getByLabel("Email").fill("jane@");
    await page.getByLabel("Subject").focus();
    await page.getByText("Invalid email address").waitFor();
    await page.getByLabel("Email").fill("jane@example.com");
    await page.getByLabel("Subject").focus();
    await page.getByText("Invalid email address").waitFor({ state: "detached" });
  });

  it("shows the server's refusal as a toast and at the form, keeping what was typed", async () => {
    const page = await app.open(paths.contact);
    const email = `limit-${unique()}@example.com`;
    const send = async (n: number) => {
      await page.getByLabel("Name").fill("Jane Investor");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Subject").fill(`Question ${n}`);
      await page.getByLabel("Message", { exact: true }).fill("How many leads a month can you deliver?");
      await page.getByRole("button", { name: "Send Message" }).click();
    };
    for (const n of [1, 2, 3]) {
      await send(n);
      await toast(page, "Message Sent!").waitFor();
      await page.waitForFunction(
        () => (document.getElementById("contact-name") as HTMLInputElement).value === "",
      );
    }
    await send(4);
    await toast(page, "Too Many Submissions").waitFor();
    const panel = page.locator("#contact [data-form-status]");
    await expect(panel.textContent()).resolves.toContain(
      "You've exceeded the submission limit. Please try again in an hour.",
    );
    expect(await page.getByLabel("Subject").inputValue()).toBe("Question 4");
    app.pages.expectRefusal(page, 429);
    expect(await page.getByRole("button", { name: "Send Message" }).getAttribute("aria-disabled")).toBeNull();
  });

  it("keeps everything typed when the network fails, and says so", async () => {
    const page = await app.open(paths.contact);
    await page.route(`**${paths.contact}`, (route) =>
      route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue(),
    );
    await page.getByLabel("Name").fill("Offline Olga");
    await page.getByLabel("Email").fill(`olga-${unique()}@example.com`);
    await page.getByLabel("Subject").fill("From the train");
    await page.getByLabel("Message", { exact: true }).fill("Written while the connection dropped.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await toast(page, "There was an unexpected error. Please try again.").waitFor();
    expect(await page.getByLabel("Message", { exact: true }).inputValue()).toBe(
      "Written while the connection dropped.",
    );
    app.pages.drop(page, (problem) => problem.includes("ERR_INTERNET_DISCONNECTED"));
  });

  it("prefills the subject on the article call-to-action variant", async () => {
    const page = await app.open(paths.contactFixFlip);
    expect(await page.getByLabel("Subject").inputValue()).toBe("Fix and flip lead generation");
  });
});

describe("career form", () => {
  const fill = async (page: Page, email: string) => {
    await page.getByLabel("First name").fill("Ann");
    await page.getByLabel("Last name").fill("Lee");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Phone (optional)").fill("+1 (555) 123-4567");
    await page.getByLabel("Position of interest").selectOption("cold-calling");
    await page.getByLabel("Experience level").selectOption("4-5");
    await page
      .getByLabel("Cover letter")
      .fill(
        "I have run outbound calling for a wholesaler for four years and booked 30 appointments a month.",
      );
  };

  it("submits an application with a resume, shows the toast and resets", async () => {
    const page = await app.open(paths.careers, viewports.phone);
    await fill(page, `ann-${unique()}@example.com`);
    await page.getByLabel("Resume (optional)").setInputFiles({
      name: "ann-lee.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n%test resume\n%%EOF\n"),
    });
    await page.getByRole("button", { name: "Submit Application" }).click();
    await toast(page, "Application Submitted!").waitFor();
    await page.waitForFunction(
      () => (document.querySelector('input[name="firstName"]') as HTMLInputElement).value === "",
    );
    expect(await page.getByLabel("Position of interest").inputValue()).toBe("");
  });

  it("refuses a file that is not a PDF or Word document before uploading", async () => {
    const page = await app.open(paths.careers);
    await fill(page, `ann-${unique()}@example.com`);
    await page.getByLabel("Resume (optional)").setInputFiles({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("plain text"),
    });
    await page.getByRole("button", { name: "Submit Application" }).click();
    await page.getByText("Only PDF and Word documents are allowed").first().waitFor();
  });

  it("shows the server's verdict on the resume's bytes under the field, keeping the rest", async () => {
    const page = await app.open(paths.careers);
    await fill(page, `ann-${unique()}@example.com`);
    await page.getByLabel("Resume (optional)").setInputFiles({
      name: "resume.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("not a PDF at all, only text named like one"),
    });
    await page.getByRole("button", { name: "Submit Application" }).click();
    await toast(page, "Upload Error").waitFor();
    const resume = page.getByLabel("Resume (optional)");
    await expect(resume.getAttribute("aria-invalid")).resolves.toBe("true");
    await expect(page.locator("#career-resume-error").textContent()).resolves.toBe(
      "Only PDF and Word documents are allowed",
    );
    expect(await page.getByLabel("First name").inputValue()).toBe("Ann");
    app.pages.expectRefusal(page, 400);
  });

  it("shows the position and experience errors under their own selects", async () => {
    const page = await app.open(paths.careers);
    await page.getByRole("button", { name: "Submit Application" }).click();
    await toast(page, "Validation Error").waitFor();
    const errorOf = async (label: string) =>
      page.locator(`#${await page.getByLabel(label).getAttribute("aria-describedby")}`).textContent();
    await expect(errorOf("Position of interest")).resolves.toBe("Please select a position");
    await expect(errorOf("Experience level")).resolves.toBe("Please select experience level");
  });
});

describe("without JavaScript", () => {
  it("the contact form posts, shows errors, then succeeds", async () => {
    const context = await app.browser.newContext({ javaScriptEnabled: false, viewport: viewports.desktop });
    const page = await context.newPage();
    try {
      await page.goto(app.url + paths.contact);
      await page.getByRole("button", { name: "Send Message" }).click();
      await page.getByRole("alert").filter({ hasText: "Validation Error" }).waitFor();
      await page.getByText("Name is required").waitFor();
      await page.getByLabel("Name").fill("No Script");
      await page.getByLabel("Email").fill(`noscript-${unique()}@example.com`);
      await page.getByLabel("Subject").fill("Plain HTML works");
      await page
        .getByLabel("Message", { exact: true })
        .fill("Sent from a browser with JavaScript switched off.");
      await page.getByRole("button", { name: "Send Message" }).click();
      await page.getByRole("status").filter({ hasText: "Message Sent!" }).waitFor();
    } finally {
      await context.close();
    }
  });
});
