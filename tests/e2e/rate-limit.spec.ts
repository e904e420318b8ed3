/**
 * The demo-request path's abuse bounds against the real `npm start`
 * (docs/requirements.md#spam-defence), with the function's own rate limit on (10 a minute per
 * client IP and domain; a server of this spec's own, support/rate-limited-server.ts). Loopback
 * only, and bounded: 20 + 10 requests.
 *
 * The limiter keys by client IP and domain (every loopback name is one domain). The browser test is
 * the client 127.0.0.1; the abuse test sends its 10 requests from 127.0.0.2 (still loopback),
 * another client with a window of its own that starts empty on this fresh server, so exactly the 10
 * the limit allows pass whichever test runs first.
 */
import { request as httpRequest } from "node:http";
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { MIN_FILL_MS } from "../../netlify/lib/core/spam/form-token";
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD } from "../../src/lib/demo-request";
import {
  expectDemoRequestValues,
  fillDemoRequest,
  isDemoRequestPost,
  submitButton,
} from "./support/demo-request-form";
import { gotoHydrated } from "./support/hydrated";
import { confirmationsTo, salesEmailsFor, uniqueProspect, uniqueTag } from "./support/mail-sink";
import { startRateLimitedServer, type RateLimitedServer } from "./support/rate-limited-server";
import { expectFailureToast } from "./support/toasts";

let server: RateLimitedServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // The per-address bound is under test, not the daily total, which earlier local runs fill.
  server = await startRateLimitedServer({ CONFIRMATION_DAILY_LIMIT: "1000000" });
});

test.afterAll(async () => {
  await server?.stop();
});

/** POSTs JSON from the loopback address `from` (another client IP) and resolves with the status. */
function postFrom(from: string, url: string, data: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: "POST", localAddress: from, headers: { "content-type": "application/json" } },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify(data));
  });
}

test("20 rapid posts from one client meet a 429, and the form shows the failure toast with the values kept", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const values = uniqueProspect();
  await gotoHydrated(page, `${server.url}/contact`);
  await fillDemoRequest(page, values);

  // 19 posts at once from the page, as a script in it would send them...
  const answers = await page.evaluate(async (honeypot) => {
    const post = async (i: number) => {
      const response = await fetch("/api/send-contact-email", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          firstName: "Rapid",
          lastName: `Poster${i}`,
          email: `rapid.${i}@example.com`,
          phone: "+61 8 9000 0002",
          company: "Flood Co",
          message: "",
          [honeypot]: "",
          requestId: crypto.randomUUID(),
        }),
      });
      return {
        status: response.status,
        retryAfter: response.headers.get("retry-after"),
        body: await response.text(),
      };
    };
    return Promise.all(Array.from({ length: 19 }, (_, i) => post(i)));
  }, HONEYPOT_FIELD);
  const refused = answers.filter((answer) => answer.status === 429);
  expect(answers.filter((answer) => answer.status === 200)).toHaveLength(10);
  expect(refused).toHaveLength(9);
  for (const answer of refused) {
    expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(answer.retryAfter)).toBeLessThanOrEqual(60);
    expect(JSON.parse(answer.body)).toEqual({
      error: expect.stringMatching(/^Too many requests; try again in \d+ seconds$/),
    });
  }

  // ...and the 20th is the visitor's own Submit.
  const answered = page.waitForResponse((response) => isDemoRequestPost(response.request()));
  await submitButton(page).click();
  expect((await answered).status()).toBe(429);
  await expectFailureToast(page);
  await expectDemoRequestValues(page, values);
});

test("10 requests naming one victim address give at most 1 confirmation and 10 sales e-mails", async ({
  request,
}) => {
  test.setTimeout(120_000);
  const site = server.url.replace("localhost", "127.0.0.1");
  expect(new URL(site).hostname).toBe("127.0.0.1"); // loopback only
  const victim = `victim.${uniqueTag()}@example.com`;
  const tokenAnswer = await request.get(`${site}/api/form-token`);
  expect(tokenAnswer.ok()).toBe(true);
  const { token } = (await tokenAnswer.json()) as { token: string };
  // A valid, person-paced token, so the requests are not held back as suspected spam (which get
  // no confirmation anyway): what stops the confirmations here is the per-address bound.
  await new Promise((resolve) => setTimeout(resolve, MIN_FILL_MS + 500));

  // One after another. Sent at once, the local emulation lets several through: @netlify/blobs'
  // local server checks If-None-Match and then writes, with awaits between, so its conditional
  // writes are not atomic as the platform's are (docs/decisions/0010-confirmation-limits.md
  // relies on the platform's).
  const statuses: number[] = [];
  for (let i = 0; i < 10; i++) {
    const response = await postFrom("127.0.0.2", `${site}/api/send-contact-email`, {
      firstName: "You won $5000! Claim at https://evil.example",
      lastName: `Victim${i}`,
      email: victim,
      phone: "+61 8 9000 0003",
      company: "Spam Co",
      message: "",
      [HONEYPOT_FIELD]: "",
      [FORM_TOKEN_FIELD]: token,
      requestId: randomUUID(),
    });
    statuses.push(response);
  }
  expect(statuses).toEqual(Array(10).fill(200));

  await expect.poll(async () => (await salesEmailsFor(request, victim, server.sinkUrl)).length).toBe(10);
  // At most one (the bound per address); a fresh address with a valid token gets exactly that one,
  // sent after its request's answer.
  await expect.poll(async () => (await confirmationsTo(request, victim, server.sinkUrl)).length).toBe(1);
  const [confirmation] = await confirmationsTo(request, victim, server.sinkUrl);
  expect(confirmation.text).not.toContain("You won");
});

/** A raw request, so Host can be anything; resolves with the status. */
function rawStatus(url: string, options: { method?: string; headers?: Record<string, string> }) {
  return new Promise<number>((resolve, reject) => {
    const req = httpRequest(url.replace("localhost", "127.0.0.1"), options, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
    req.end();
  });
}

test("the server refuses a foreign Host (421) and runs a job by URL only with its trigger secret", async () => {
  const host = new URL(server.url).host;
  expect(await rawStatus(`${server.url}/`, { headers: { host: "rebound.evil.example" } })).toBe(421);
  expect(await rawStatus(`${server.url}/`, { headers: { host } })).toBe(200);
  const job = `${server.url}/.netlify/functions/retry-demo-requests`;
  expect(await rawStatus(job, { method: "POST", headers: { host } })).toBe(403);
  expect(
    await rawStatus(job, {
      method: "POST",
      headers: { host, "x-local-trigger-secret": server.triggerSecret },
    }),
  ).toBe(200);
});
