/**
 * The Request a Demo flow in a real browser against `npm start` (issue 3): the page, the
 * send-contact-email function, the SendGrid client and the embedded mail sink are the real
 * code. The sink's control API (scripts/sinks/mail-sink.mjs) lists recorded messages; its URL is
 * in .data/mail-sink-url, written by `npm start`.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { DEMO_REQUEST_FIELDS, type DemoRequestField } from "../../src/lib/demo-request";

type RecordedMessage = {
  to: string[];
  from: string;
  replyTo: string | null;
  subject: string;
  text: string | null;
};

const ENDPOINT = "**/api/send-contact-email";
const LABELS = Object.fromEntries(DEMO_REQUEST_FIELDS.map((row) => [row.name, row.label])) as Record<
  DemoRequestField,
  string
>;
type FormField = DemoRequestField;

/** Values unique to one test, so its e-mails can be told apart in the sink. */
function prospect(): Record<FormField, string> {
  const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return {
    firstName: "Ada",
    lastName: `Lovelace${tag}`,
    email: `ada.${tag}@example.com`,
    phone: "+61 8 9000 0000",
    company: `Analytical Mining ${tag}`,
    message: "We run three sites in the Pilbara.",
  };
}

function sinkUrl(): string {
  return readFileSync(join(process.cwd(), ".data", "mail-sink-url"), "utf8").trim();
}

async function sinkMessages(request: APIRequestContext): Promise<RecordedMessage[]> {
  const response = await request.get(`${sinkUrl()}/__sink/messages`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as RecordedMessage[];
}

/** Messages the sink recorded that belong to `email`'s request (sales copy: reply_to; confirmation: to). */
async function messagesAbout(request: APIRequestContext, email: string): Promise<RecordedMessage[]> {
  return (await sinkMessages(request)).filter((m) => m.replyTo === email || m.to.includes(email));
}

const field = (page: Page, name: FormField) => page.getByRole("textbox", { name: LABELS[name], exact: true });
const submitButton = (page: Page) => page.getByRole("button", { name: /^Submit/ });
const toast = (page: Page) => page.locator("[data-sonner-toast]");

async function openForm(page: Page) {
  await page.goto("/contact");
  await expect(page.locator("form[data-hydrated]")).toBeVisible();
}

async function fillForm(page: Page, values: Record<FormField, string>) {
  for (const [name, value] of Object.entries(values) as [FormField, string][]) {
    await field(page, name).fill(value);
  }
}

/**
 * Resolves with the function's answer to the next POST. Generous timeout: the first call after
 * `npm start` bundles the function.
 */
function nextAnswer(page: Page) {
  return page.waitForResponse(
    (response) =>
      response.request().method() === "POST" && response.url().endsWith("/api/send-contact-email"),
    { timeout: 30_000 },
  );
}

/** Records every POST the page makes to the function. */
function countPosts(page: Page): string[] {
  const bodies: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/api/send-contact-email")) {
      bodies.push(request.postData() ?? "");
    }
  });
  return bodies;
}

test("a filled form is sent: Submitting..., success toast, empty fields, the sales e-mail recorded", async ({
  page,
  request,
}) => {
  const values = prospect();
  await openForm(page);
  await fillForm(page, values);

  // Hold the request until the submitting state has been checked, then let it through.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(ENDPOINT, async (route) => {
    await held;
    await route.continue();
  });

  const answer = nextAnswer(page);
  await submitButton(page).click();
  await expect(submitButton(page)).toHaveText("Submitting...");
  await expect(submitButton(page)).toBeDisabled();
  release();
  expect([200, 202]).toContain((await answer).status());

  await expect(toast(page)).toContainText("Request Submitted Successfully");
  await expect(toast(page)).toContainText("Our team will contact you within 24 hours to schedule your demo.");
  for (const name of Object.keys(LABELS) as FormField[]) await expect(field(page, name)).toHaveValue("");
  await expect(submitButton(page)).toHaveText("Submit");
  await expect(submitButton(page)).toBeEnabled();

  await expect.poll(async () => (await messagesAbout(request, values.email)).length).toBeGreaterThan(0);
  const sales = (await messagesAbout(request, values.email)).find((m) => m.replyTo === values.email);
  expect(sales, "the sales e-mail, reply_to the prospect").toBeDefined();
  expect(sales!.to).not.toContain(values.email);
  expect(sales!.subject).toContain(values.lastName);
  expect(sales!.subject).toContain(values.company);
  for (const value of Object.values(values)) expect(sales!.text).toContain(value);
});

test("an empty submit shows the five required messages and sends nothing", async ({ page }) => {
  const posts = countPosts(page);
  await openForm(page);
  await submitButton(page).click();

  const messages = {
    firstName: "First name is required",
    lastName: "Last name is required",
    email: "Invalid email address",
    phone: "Phone number is required",
    company: "Company name is required",
  } as const;
  for (const [name, message] of Object.entries(messages) as [FormField, string][]) {
    await expect(field(page, name)).toHaveAttribute("aria-invalid", "true");
    await expect(field(page, name)).toHaveAccessibleDescription(message);
  }
  await expect(field(page, "firstName")).toBeFocused();
  await expect(field(page, "message")).not.toHaveAttribute("aria-invalid");
  await expect(toast(page)).toHaveCount(0);
  expect(posts).toHaveLength(0);
});

test("a failed send shows the destructive toast, keeps every value and logs an error", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  const values = prospect();
  await openForm(page);
  await fillForm(page, values);
  // The function failing as a whole (502): with durable capture a sink failure alone still answers 202.
  await page.route(ENDPOINT, (route) =>
    route.fulfill({ status: 502, contentType: "application/json", body: '{"error":"Bad gateway"}' }),
  );

  await submitButton(page).click();

  await expect(toast(page)).toContainText("Submission Failed");
  await expect(toast(page)).toContainText("There was an error submitting your request. Please try again.");
  await expect(toast(page)).toHaveAttribute("data-type", "error");
  for (const [name, value] of Object.entries(values) as [FormField, string][]) {
    await expect(field(page, name)).toHaveValue(value);
  }
  await expect(submitButton(page)).toHaveText("Submit");
  await expect.poll(() => errors.some((text) => text.includes("Demo request failed"))).toBe(true);
  expect(errors.join("\n")).not.toContain(values.email);
});

test("a network failure is a failure too", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  const values = prospect();
  await openForm(page);
  await fillForm(page, values);
  await page.route(ENDPOINT, (route) => route.abort("internetdisconnected"));

  await submitButton(page).click();

  await expect(toast(page)).toContainText("Submission Failed");
  await expect(field(page, "email")).toHaveValue(values.email);
  await expect.poll(() => errors.some((text) => text.includes("Demo request failed"))).toBe(true);
});

/** How long the toast stays after it appears, with the pointer away from it (hovering pauses it). */
async function toastLifetime(page: Page): Promise<number> {
  await expect(toast(page)).toBeVisible();
  const shownAt = Date.now();
  await page.mouse.move(0, 0);
  await expect(toast(page)).toHaveCount(0, { timeout: 15_000 });
  return Date.now() - shownAt;
}

test("a toast disappears after about 5 seconds", async ({ page }) => {
  await openForm(page);
  await fillForm(page, prospect());
  await page.route(ENDPOINT, (route) =>
    route.fulfill({ status: 502, contentType: "application/json", body: "{}" }),
  );
  await submitButton(page).click();
  const shownFor = await toastLifetime(page);
  expect(shownFor).toBeGreaterThan(4000);
  expect(shownFor).toBeLessThan(7000);
});

test("the success toast with the booking link (issue 16) stays about 10 seconds", async ({ page }) => {
  await openForm(page);
  await fillForm(page, prospect());
  const answer = nextAnswer(page);
  await submitButton(page).click();
  await answer;
  await expect(toast(page).getByRole("link", { name: "Book a time now" })).toBeVisible();
  const shownFor = await toastLifetime(page);
  expect(shownFor).toBeGreaterThan(9000);
  expect(shownFor).toBeLessThan(12_000);
});

test("two quick clicks send one request", async ({ page, request }) => {
  const posts = countPosts(page);
  const values = prospect();
  await openForm(page);
  await fillForm(page, values);

  const answer = nextAnswer(page);
  await submitButton(page).dblclick();
  expect((await answer).ok()).toBe(true);

  await expect(toast(page)).toContainText("Request Submitted Successfully");
  expect(posts).toHaveLength(1);
  await expect.poll(async () => (await messagesAbout(request, values.email)).length).toBeGreaterThan(0);
  const sales = (await messagesAbout(request, values.email)).filter((m) => m.replyTo === values.email);
  expect(sales).toHaveLength(1);
});
