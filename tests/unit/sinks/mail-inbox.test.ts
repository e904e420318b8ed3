/**
 * @jest-environment node
 */
// The mail sink's own URL is an inbox a newcomer can read (scripts/sinks/mail-sink.mjs): every message,
// newest first, its HTML in a frame that runs no script, its plain text; the JSON API stays.
import { startMailSink, type MailSink } from "../../../scripts/sinks/mail-sink.mjs";

let sink: MailSink;

function send(subject: string, html: string, text: string) {
  return fetch(`${sink.url}/v3/mail/send`, {
    method: "POST",
    headers: { authorization: "Bearer key", "content-type": "application/json" },
    body: JSON.stringify({
      personalizations: [{ to: [{ email: "sales@example.com" }] }],
      from: { email: "no-reply@example.com" },
      reply_to: { email: "ana@example.org" },
      subject,
      content: [
        { type: "text/plain", value: text },
        { type: "text/html", value: html },
      ],
      custom_args: { kind: "sales" },
    }),
  });
}

beforeEach(async () => {
  sink = await startMailSink({ apiKey: "key" });
  expect((await send("First <lead>", "<p>first</p>", "first & plain")).status).toBe(202);
  expect(
    (await send("Second lead", '<p>second</p><script>alert("x")</script>', "second <plain>")).status,
  ).toBe(202);
});
afterEach(() => sink.close());

test("the sink's URL answers an HTML inbox, newest first, with recipients, subjects and plain text escaped", async () => {
  const response = await fetch(sink.url);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
  const page = await response.text();
  expect(page.indexOf("Second lead")).toBeLessThan(page.indexOf("First &lt;lead&gt;"));
  expect(page).not.toContain("First <lead>");
  expect(page).toContain("<dd>sales@example.com</dd>");
  expect(page).toContain("<pre>first &amp; plain</pre>");
  expect(page).toContain("<pre>second &lt;plain&gt;</pre>");
  expect(page).toContain("2 messages");
});

test("each message's HTML is framed in a sandbox without scripts, and served with a policy that forbids them", async () => {
  const page = await (await fetch(sink.url)).text();
  const frames = [...page.matchAll(/<iframe [^>]*>/g)].map(([tag]) => tag);
  expect(frames).toHaveLength(2);
  for (const frame of frames) {
    expect(frame).toMatch(/ sandbox="allow-popups allow-popups-to-escape-sandbox" /);
    expect(frame).not.toMatch(/allow-scripts|allow-same-origin/);
  }
  expect(frames[0]).toContain('src="/messages/2/html"');
  expect((await fetch(sink.url)).headers.get("content-security-policy")).toMatch(/default-src 'none'/);

  const html = await fetch(`${sink.url}/messages/2/html`);
  expect(await html.text()).toBe('<p>second</p><script>alert("x")</script>');
  const policy = html.headers.get("content-security-policy")!;
  expect(policy).toMatch(/^sandbox allow-popups allow-popups-to-escape-sandbox;/);
  expect(policy).toContain("default-src 'none'");
  expect(policy).not.toMatch(/script-src|allow-scripts/);
  expect((await fetch(`${sink.url}/messages/3/html`)).status).toBe(404);
});

test("the inbox answers only a Host naming this machine, and the JSON API is unchanged", async () => {
  const { request } = await import("node:http");
  const status = await new Promise<number>((resolve, reject) => {
    const req = request(sink.url, { headers: { host: "rebound.example" } }, (res) => {
      res.resume();
      resolve(res.statusCode!);
    });
    req.on("error", reject);
    req.end();
  });
  expect(status).toBe(421);
  const listed = (await (await fetch(`${sink.url}/__sink/messages`)).json()) as { subject: string }[];
  expect(listed.map((m) => m.subject)).toEqual(["First <lead>", "Second lead"]);
});
