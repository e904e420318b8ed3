/**
 * The SendGrid-compatible mail sink of `npm start`, Jest and Playwright (docs/decisions/0003-demo-request-delivery.md): `POST
 * /v3/mail/send` as `@sendgrid/mail` needs it, with sink-control.mjs's routes and, at its own URL, the inbox.
 */
import { mailInbox } from "./mail-inbox.mjs";
import { readJson, sendJson, startSink } from "./sink-control.mjs";

const sgError = (message, field = null) => ({ errors: [{ message, field, help: null }] });

/** Checks a v3 mail/send body the way SendGrid does for the fields it requires; returns an error or null. */
function checkMailBody(body) {
  if (!body || typeof body !== "object") return sgError("Bad Request");
  const ps = body.personalizations;
  if (!Array.isArray(ps) || ps.length === 0)
    return sgError("The personalizations field is required.", "personalizations");
  for (const p of ps) {
    if (
      !Array.isArray(p?.to) ||
      p.to.length === 0 ||
      !p.to.every((t) => typeof t?.email === "string" && t.email.includes("@"))
    ) {
      return sgError("The to array is required for all personalization objects.", "personalizations.0.to");
    }
  }
  if (typeof body.from?.email !== "string" || !body.from.email.includes("@"))
    return sgError("The from object must be provided.", "from");
  const hasSubject = typeof body.subject === "string" && body.subject.length > 0;
  if (!hasSubject && !ps.every((p) => typeof p.subject === "string" && p.subject.length > 0)) {
    return sgError("The subject is required.", "subject");
  }
  const content = body.content;
  if (
    !Array.isArray(content) ||
    content.length === 0 ||
    !content.every((c) => typeof c?.type === "string" && typeof c?.value === "string" && c.value.length > 0)
  ) {
    return sgError("Unless a valid template_id is provided, the content parameter is required.", "content");
  }
  if (/[\r\n]/.test(body.subject ?? ""))
    return sgError("The subject must not contain line breaks.", "subject");
  return null;
}

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

/** Starts the sink (port 0: a free one); `apiKey` must match the Bearer token; `dir` gets a file per message. */
export async function startMailSink({ port = 0, apiKey, dir, onMessage } = {}) {
  let count = 0;
  let sandboxed = 0;

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
    if (body.mail_settings?.sandbox_mode?.enable === true) {
      sandboxed += 1;
      return void res.writeHead(200).end();
    }
    const record = toRecord(body, ++count);
    keep(record);
    onMessage?.(record);
    res.writeHead(202, { "x-message-id": `sink-${record.id}` }).end();
  }

  const { origin, records, ...sink } = await startSink({
    port,
    path: "/v3/mail/send",
    dir,
    okStatus: 202,
    errorBody: sgError,
    notFound: "Not found",
    receive: mailSend,
    view: mailInbox,
  });
  return { ...sink, url: origin, sandboxed: () => sandboxed, messages: records };
}
