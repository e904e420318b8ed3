/**
 * The SendGrid-compatible mail sink of `npm start`, Jest and Playwright (docs/decisions/0003-demo-request-delivery.md):
 * `POST /v3/mail/send`, sink-control.mjs's routes and the inbox (docs/requirements.md#sales-tools). A message's HTML
 * is served apart, at `/messages/<id>/html`, sandboxed by its CSP too, so it runs no script and loads nothing remote;
 * its links open in a new tab, outside the sandbox. Its attachments download from `/messages/<id>/attachments/<n>`.
 */
import { createHash } from "node:crypto";
import escapeHtml from "escape-html";
import { readJson, readKept, sendJson, startSink } from "./sink-control.mjs";

/** How many kept messages a start lists again. */
const KEPT_MESSAGES = 200;

const STYLE = `
:root { color-scheme: light dark; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
body { margin: 0 auto; max-width: 60rem; padding: 1rem; line-height: 1.5; }
article { border: 1px solid #8884; border-radius: 0.5rem; margin: 1.5rem 0; padding: 1rem; }
h2 { font-size: 1.15rem; margin: 0 0 0.5rem; overflow-wrap: anywhere; }
h3 { font-size: 0.95rem; margin: 1rem 0 0.25rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0 1rem; margin: 0; }
dt { font-weight: 600; }
dd { margin: 0; overflow-wrap: anywhere; }
iframe { width: 100%; height: 36rem; border: 1px solid #8884; border-radius: 0.25rem; background: #fff; resize: vertical; }
ul { margin: 0; padding-left: 1.25rem; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0; padding: 0.75rem; border-radius: 0.25rem; background: #8881; }
`;

const styleHash = createHash("sha256").update(STYLE).digest("base64");
const INBOX_CSP = `default-src 'none'; style-src 'sha256-${styleHash}'; frame-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`;
// Popups only: a link opens a tab that escapes the sandbox; the message itself runs no script and stays cross-origin.
const PREVIEW_SANDBOX = "allow-popups allow-popups-to-escape-sandbox";
const MESSAGE_CSP = `sandbox ${PREVIEW_SANDBOX}; default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'; base-uri 'none'; form-action 'none'`;
const ATTACHMENT_CSP = "sandbox; default-src 'none'";
// A type/subtype with optional token parameters (RFC 6838); anything else is served as bytes.
const MEDIA_TYPE = /^[\w!#$&^.+-]+\/[\w!#$&^.+-]+(\s*;\s*[\w!#$&^.+-]+=[\w!#$&^.+-]+)*$/;

const machineZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone ?? "UTC";

/**
 * The preview of a message's HTML: every link opens a new tab without a window.opener. The attributes go first
 * because the first of two same-named attributes wins; the recorded message is left as it was sent.
 */
const previewHtml = (html) => html.replace(/<a(?=[\s>])/gi, '<a target="_blank" rel="noopener noreferrer"');

/** Content-Disposition for a download named `filename`: an ASCII fallback and the UTF-8 name (RFC 6266). */
function attachmentDisposition(filename) {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const utf8 = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${utf8}`;
}

function attachmentList(m) {
  if (m.attachments.length === 0) return "";
  const items = m.attachments.map((a, i) => {
    const href = `/messages/${m.id}/attachments/${i + 1}`;
    const bytes = Buffer.byteLength(a.content, "base64");
    return `<li><a href="${href}" download>${escapeHtml(a.filename)}</a> (${escapeHtml(a.type ?? "no type")}, ${bytes} bytes)</li>`;
  });
  return `<h3>Attachments</h3><ul>${items.join("")}</ul>`;
}

function messageArticle(m, timeZone) {
  const subject = escapeHtml(m.subject);
  const rows = [
    ["To", m.to.join(", ")],
    ["From", m.from],
    ...(m.replyTo ? [["Reply-To", m.replyTo]] : []),
    ["Kind", m.customArgs?.kind ?? "message"],
  ]
    .map(([name, value]) => `<dt>${name}</dt><dd>${escapeHtml(value)}</dd>`)
    .join("");
  const when = new Date(m.receivedAt).toLocaleString("en-GB", { timeZone, timeZoneName: "short" });
  const received = `<dt>Received</dt><dd><time datetime="${escapeHtml(m.receivedAt)}">${escapeHtml(when)}</time></dd>`;
  const html = m.html
    ? `<h3>HTML</h3><iframe sandbox="${PREVIEW_SANDBOX}" src="/messages/${m.id}/html" title="HTML of message ${m.id}: ${subject}" loading="lazy"></iframe><p><a href="/messages/${m.id}/html" target="_blank" rel="noopener noreferrer">Open the HTML on its own</a></p>`
    : "";
  const text = m.text !== null ? `<h3>Plain text</h3><pre>${escapeHtml(m.text)}</pre>` : "";
  return `<article aria-labelledby="message-${m.id}"><h2 id="message-${m.id}">${subject}</h2><dl>${rows}${received}</dl>${html}${text}${attachmentList(m)}</article>`;
}

function inboxPage(messages, { zone, source }) {
  const newestFirst = [...messages].sort((a, b) => b.id - a.id);
  const count = `${messages.length} message${messages.length === 1 ? "" : "s"}`;
  const list =
    newestFirst.length > 0
      ? newestFirst.map((m) => messageArticle(m, zone)).join("\n")
      : "<p>No e-mail yet. Submit the form at /contact and reload this page.</p>";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local mail sink: ${count}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>Local mail sink</h1>
<p>Every e-mail the local server sent, newest first: ${count}. <a href="/">Reload</a> to see new ones; the same as JSON at <a href="/__sink/messages">/__sink/messages</a>.</p>
<p>Times are in ${escapeHtml(zone)} (${escapeHtml(source)}).</p>
</header>
<main>
${list}
</main>
</body>
</html>
`;
}

const htmlHeaders = (csp) => ({ "content-type": "text/html; charset=utf-8", "content-security-policy": csp });

/**
 * The answer to a GET of `path`: the inbox (times in `zone()`'s zone), a message's HTML or an attachment, as
 * `{ body, headers }`; null for 404.
 */
function mailInbox(path, messages, zone) {
  if (path === "/") return { body: inboxPage(messages, zone()), headers: htmlHeaders(INBOX_CSP) };
  const [, id, part, n] = /^\/messages\/(\d+)\/(?:(html)|attachments\/(\d+))$/.exec(path) ?? [];
  const message = messages.find((m) => m.id === Number(id));
  if (!message) return null;
  if (part)
    return message.html ? { body: previewHtml(message.html), headers: htmlHeaders(MESSAGE_CSP) } : null;
  const attachment = message.attachments[Number(n) - 1];
  if (!attachment) return null;
  const type = MEDIA_TYPE.test(attachment.type ?? "") ? attachment.type : "application/octet-stream";
  return {
    body: Buffer.from(attachment.content, "base64"),
    headers: {
      "content-type": type,
      "content-disposition": attachmentDisposition(attachment.filename),
      "content-security-policy": ATTACHMENT_CSP,
    },
  };
}

const sgError = (message, field = null) => ({ errors: [{ message, field, help: null }] });

const isEmail = (value) => typeof value === "string" && value.includes("@");
const isText = (value) => typeof value === "string" && value.length > 0;
const isBase64 = (value) => isText(value) && /^[A-Za-z0-9+/]+={0,2}$/.test(value);
const isAttachment = (a) =>
  isBase64(a?.content) && isText(a.filename) && (a.type === undefined || typeof a.type === "string");

/** Checks a v3 mail/send body the way SendGrid does for the fields it requires; returns an error or null. */
function checkMailBody(body) {
  if (!body || typeof body !== "object") return sgError("Bad Request");
  const ps = body.personalizations;
  if (!Array.isArray(ps) || ps.length === 0)
    return sgError("The personalizations field is required.", "personalizations");
  if (!ps.every((p) => Array.isArray(p?.to) && p.to.length > 0 && p.to.every((t) => isEmail(t?.email))))
    return sgError("The to array is required for all personalization objects.", "personalizations.0.to");
  if (!isEmail(body.from?.email)) return sgError("The from object must be provided.", "from");
  if (!isText(body.subject) && !ps.every((p) => isText(p.subject)))
    return sgError("The subject is required.", "subject");
  const content = body.content;
  if (
    !Array.isArray(content) ||
    content.length === 0 ||
    !content.every((c) => typeof c?.type === "string" && isText(c.value))
  )
    return sgError("Unless a valid template_id is provided, the content parameter is required.", "content");
  if (/[\r\n]/.test(body.subject ?? ""))
    return sgError("The subject must not contain line breaks.", "subject");
  if (
    body.attachments !== undefined &&
    !(Array.isArray(body.attachments) && body.attachments.every(isAttachment))
  )
    return sgError("Each attachment needs base64 content and a filename.", "attachments");
  return null;
}

const isTextOrNull = (value) => value === null || typeof value === "string";

/** True for a message `toRecord` made, as read back from its file: every field the inbox shows, of its type. */
const isRecordedMessage = (m) =>
  typeof m?.subject === "string" &&
  !Number.isNaN(Date.parse(m.receivedAt)) &&
  Array.isArray(m.to) &&
  m.to.every((to) => typeof to === "string") &&
  typeof m.from === "string" &&
  isTextOrNull(m.replyTo) &&
  isTextOrNull(m.text) &&
  isTextOrNull(m.html) &&
  typeof m.customArgs === "object" &&
  m.customArgs !== null &&
  Array.isArray(m.attachments) &&
  m.attachments.every(isAttachment);

function toRecord(body, n) {
  const content = (type) => body.content.find((c) => c.type === type)?.value ?? null;
  return {
    id: n,
    receivedAt: new Date().toISOString(),
    to: body.personalizations.flatMap((p) => p.to.map((t) => t.email)),
    from: body.from.email,
    replyTo: body.reply_to?.email ?? null,
    subject: body.subject ?? body.personalizations[0].subject,
    text: content("text/plain"),
    html: content("text/html"),
    customArgs: body.custom_args ?? body.personalizations[0].custom_args ?? {},
    attachments: body.attachments ?? [],
    body,
  };
}

/**
 * Starts the sink (port 0: a free one; rejects with EADDRINUSE when `port` is taken); `apiKey` must match the Bearer
 * token; `dir` gets a file per message, and its newest KEPT_MESSAGES are listed again. `timeZone()`: the inbox's
 * `{ zone, source }` (an IANA zone, and why that one), undefined for this machine's.
 */
export async function startMailSink({ port = 0, apiKey, dir, onMessage, timeZone = () => undefined } = {}) {
  const kept = dir ? readKept(dir, KEPT_MESSAGES, isRecordedMessage) : [];
  let count = kept.length;
  const zone = () => timeZone() ?? { zone: machineZone(), source: "this machine's zone" };

  async function mailSend(req, res, { failed, keep }) {
    const auth = req.headers.authorization ?? "";
    const token = auth.startsWith("Bearer ") ? auth.slice(7) : "";
    if (!token || (apiKey && token !== apiKey)) {
      return sendJson(res, 401, sgError("The provided authorization grant is invalid, expired, or revoked"));
    }
    let body;
    try {
      body = await readJson(req);
    } catch {
      return sendJson(res, 400, sgError("Bad Request"));
    }
    if (failed(res)) return;
    const problem = checkMailBody(body);
    if (problem) return sendJson(res, 400, problem);
    // SendGrid's sandbox mode: checked and answered 200, never delivered, so not recorded.
    if (body.mail_settings?.sandbox_mode?.enable === true) return void res.writeHead(200).end();
    const record = toRecord(body, ++count);
    keep(record);
    onMessage?.(record);
    res.writeHead(202, { "x-message-id": `sink-${record.id}` }).end();
  }

  const { origin, records, ...sink } = await startSink({
    port,
    path: "/v3/mail/send",
    dir,
    kept,
    okStatus: 202,
    errorBody: sgError,
    notFound: "Not found",
    receive: mailSend,
    view: (path, messages) => mailInbox(path, messages, zone),
  });
  return { ...sink, url: origin, messages: records };
}
