/**
 * @jest-environment node
 */
// What the visitor's answer waits for (docs/decisions/0039-work-after-the-answer.md): the lead stored and the
// sales e-mail's outcome recorded, the rest handed to the platform's `waitUntil` and started only while the
// request has time; and a held (honeypot) request awaits the same kinds of calls before its answer, so its
// timing tells a bot nothing. The lead store is the Blobs one on @netlify/blobs' local server, its calls recorded.
import { createBlobLeadStore } from "../../../../netlify/lib/core/leads/lead-store";
import { createFormTokenNonces } from "../../../../netlify/lib/core/spam/form-token";
import { HONEYPOT_FIELD } from "../../../../src/lib/demo-request";
import { startBlobsServer } from "../../../helpers/blobs-server";
import { serverForFile } from "../../../helpers/file-server";
import {
  harness,
  leadIdOf,
  runRetryJobNow,
  scriptedMailer,
  sentOfKind,
  VALID,
} from "../../../helpers/function-harness";
import { createMemoryBlobs } from "../../../helpers/memory-blobs";

const blobs = serverForFile("The Blobs server", startBlobsServer);
let stores = 0;
afterEach(() => jest.restoreAllMocks());

/** A platform context whose `waitUntil` collects the work left for after the answer. */
function afterAnswer() {
  const work: Promise<unknown>[] = [];
  return { context: { waitUntil: (promise: Promise<unknown>) => void work.push(promise) }, work };
}

/** A call's key, or a listing's prefix. */
const keyOrPrefix = (arg: unknown) =>
  typeof arg === "object" && arg !== null ? String((arg as { prefix?: unknown }).prefix) : String(arg);

/**
 * A handler whose lead store, spent form tokens and mailer note each call once it has finished, e.g. "setJSON
 * unclaimed/". A call that finished before the answer was awaited by it: work left for after the answer goes to
 * the Blobs server, which cannot answer before the handler's answer, made without waiting for anything outside.
 */
function recordedHandler() {
  const calls: string[] = [];
  const noting = <T>(label: string, result: Promise<T>) => result.finally(() => calls.push(label));
  const raw = blobs.open(`answer-calls-${(stores += 1)}`);
  const noted = new Proxy(raw, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) =>
        noting(
          `${String(name)} ${keyOrPrefix(args[0]).split("/")[0]}/`,
          Promise.resolve(Reflect.apply(value, target, args)),
        );
    },
  });
  const nonces = createFormTokenNonces(createMemoryBlobs());
  const spend = nonces.spend.bind(nonces);
  nonces.spend = (...args) => noting("spend form token", spend(...args));
  const mailer = scriptedMailer();
  const send = mailer.send.bind(mailer);
  mailer.send = (message, options) => noting("send e-mail", send(message, options));
  return { calls, ...harness({ store: createBlobLeadStore(noted), nonces, mailer }) };
}

/** The calls a request made before its answer, and its status. */
async function callsBeforeAnswer(body: Record<string, string>) {
  const { calls, post } = recordedHandler();
  const { context, work } = afterAnswer();
  const { status } = await post(body, {}, context);
  const before = [...calls];
  await Promise.all(work);
  return { status, before, after: calls.slice(before.length) };
}

test("a held request awaits the same calls as a delivered one before its answer; only what follows differs", async () => {
  const real = await callsBeforeAnswer({ ...VALID, requestId: "0b5f3a1e-6c1d-4f7e-9a2b-3c4d5e6f7a8b" });
  const held = await callsBeforeAnswer({
    ...VALID,
    [HONEYPOT_FIELD]: "http://spam.example",
    requestId: "1c6a4b2f-7d2e-4a8f-8b3c-4d5e6f7a8b9c",
  });
  expect(held.before).toEqual(real.before);
  expect(real.before).toEqual([
    "spend form token",
    "setJSON pending/",
    "setJSON inboxes/",
    "setJSON unclaimed/",
    "setJSON companies/",
    "setJSON leads/", // created
    "setJSON leads/", // the sales attempt; for a held lead, the same record
    "list inboxes/", // the lead lines' match, for a held lead read for nothing
    "send e-mail", // for a held lead, the probe in sandbox mode
    "setJSON leads/", // its outcome
  ]);
  expect([real.status, held.status]).toEqual([200, 200]);
  // After the answer, the real lead's confirmation; the held lead's pending marker goes.
  expect(real.after).toEqual(expect.arrayContaining(["send e-mail", "delete pending/"]));
  expect(held.after).toEqual(["delete pending/"]);
});

test("past the request's deadline nothing more starts: the confirmation waits for the retry job", async () => {
  const start = Date.now();
  let elapsed = 0;
  jest.spyOn(Date, "now").mockImplementation(() => start + elapsed);
  const mailer = scriptedMailer();
  const send = mailer.send.bind(mailer);
  // The sales e-mail is accepted as the request's 9 s run out.
  mailer.send = async (message, options) => {
    elapsed = 9_000;
    return send(message, options);
  };
  const { post, store } = harness({ mailer });
  const { context, work } = afterAnswer();
  const requestId = "2d7b5c3a-8e3f-4b9a-9c4d-5e6f7a8b9c0d";
  expect((await post({ ...VALID, requestId }, {}, context)).status).toBe(200);
  await Promise.all(work);
  const lead = await store!.get(leadIdOf(requestId));
  expect(lead?.deliveries).toMatchObject({
    sales: { state: "sent" },
    confirmation: { state: "pending", attempts: 0 },
  });
  expect(lead?.deliveries.confirmation.lastAttemptAt).toBeUndefined();
  jest.restoreAllMocks();

  await runRetryJobNow(store!, mailer, { now: () => new Date(start + 5 * 60_000) });
  expect(sentOfKind(mailer, "confirmation")).toHaveLength(1);
});
