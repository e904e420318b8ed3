import { HONEYPOT_FIELD } from "../../../src/lib/demo-request";
import {
  DEMO_REQUEST_ENDPOINT,
  newRequestId,
  submitDemoRequest,
  type DemoRequestPayload,
} from "../../../src/lib/submit-demo-request";

const PAYLOAD: DemoRequestPayload = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  phone: "+61 8 9000 0000",
  company: "Analytical Mining",
  message: "",
  [HONEYPOT_FIELD]: "",
  requestId: "6f1c1d3e-3a4b-4c5d-8e9f-0a1b2c3d4e5f",
};

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function answering(status: number) {
  return jest.fn(
    async (_url: string | URL | Request, _init?: RequestInit) =>
      ({ ok: status >= 200 && status < 300, status }) as Response,
  );
}

test("POSTs the payload as JSON to /api/send-contact-email", async () => {
  const fetchImpl = answering(200);
  await submitDemoRequest(PAYLOAD, { fetchImpl });
  expect(fetchImpl).toHaveBeenCalledTimes(1);
  const [url, init] = fetchImpl.mock.calls[0];
  expect(url).toBe("/api/send-contact-email");
  expect(DEMO_REQUEST_ENDPOINT).toBe("/api/send-contact-email");
  expect(init?.method).toBe("POST");
  expect(new Headers(init?.headers).get("content-type")).toBe("application/json");
  expect(JSON.parse(init?.body as string)).toEqual(PAYLOAD);
});

test.each([200, 202])("HTTP %i is a success", async (status) => {
  await expect(submitDemoRequest(PAYLOAD, { fetchImpl: answering(status) })).resolves.toEqual({ ok: true });
});

test.each([400, 404, 422, 500, 502])("HTTP %i is a failure naming only the status", async (status) => {
  const result = await submitDemoRequest(PAYLOAD, { fetchImpl: answering(status) });
  expect(result.ok).toBe(false);
  if (result.ok) return;
  expect(result.error.message).toBe(`send-contact-email answered HTTP ${status}`);
  expect(result.error.message).not.toContain(PAYLOAD.email);
});

test("a network failure is a failure, not a throw", async () => {
  const fetchImpl = jest.fn().mockRejectedValue(new TypeError("Failed to fetch"));
  const result = await submitDemoRequest(PAYLOAD, { fetchImpl });
  expect(result).toEqual({ ok: false, error: expect.any(Error) });
  expect(!result.ok && result.error.message).toBe("send-contact-email: network failure");
});

test("no answer within the timeout aborts the request and is a failure", async () => {
  const fetchImpl = jest.fn(
    (_url: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () => reject(new DOMException("Aborted", "AbortError")));
      }),
  );
  const result = await submitDemoRequest(PAYLOAD, { fetchImpl, timeoutMs: 20 });
  expect(fetchImpl.mock.calls[0][1]?.signal?.aborted).toBe(true);
  expect(!result.ok && result.error.message).toBe("send-contact-email: no answer within 20 ms");
});

describe("newRequestId", () => {
  test("uses crypto.randomUUID when the context has it", () => {
    const randomUUID = jest.fn(() => "11111111-2222-4333-8444-555555555555" as const);
    expect(newRequestId({ randomUUID, getRandomValues: jest.fn() })).toBe(
      "11111111-2222-4333-8444-555555555555",
    );
  });

  test("builds a v4 UUID from getRandomValues where randomUUID is missing (plain http)", () => {
    const getRandomValues = <T extends ArrayBufferView | null>(array: T): T => {
      (array as unknown as Uint8Array).fill(0xff);
      return array;
    };
    const id = newRequestId({ getRandomValues });
    expect(id).toMatch(UUID_V4);
    expect(id).toBe("ffffffff-ffff-4fff-bfff-ffffffffffff");
  });

  test("two calls differ", () => {
    expect(newRequestId()).not.toBe(newRequestId());
  });
});
