// A time token is spent by the demo request that uses it (docs/requirements.md#spam-defence): the
// form fetches a fresh one after every submit, and fetches one before submitting when the first
// fetch failed, so a person's next request is never sent with a spent or missing token.
import { screen, waitFor } from "@testing-library/react";
import { FORM_TOKEN_ENDPOINT } from "../../../src/lib/submit-demo-request";
import { fill, mockFetch, renderForm, submitButton, VALID_VALUES } from "./render-form";

/** The demo request posts `mockFetch` saw, and a token endpoint answering from `answers` in turn. */
/** Each answer is a token, or `null` for a failed fetch. */
function withTokens(answers: (string | null)[]) {
  const posts = mockFetch(200);
  const post = globalThis.fetch;
  let served = 0;
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    if (url !== FORM_TOKEN_ENDPOINT) return post(url, init);
    const answer = answers[Math.min(served++, answers.length - 1)];
    if (answer === null) throw new TypeError("Failed to fetch");
    return { ok: true, status: 200, json: async () => ({ token: answer }) } as Response;
  }) as typeof fetch;
  const bodies = () =>
    posts.mock.calls.map(([, init]) => JSON.parse(init?.body as string) as { formToken?: string });
  return { bodies, served: () => served };
}

test("each submit is followed by a fresh token: the next request never reuses the spent one", async () => {
  const { bodies } = withTokens(["token-1", "token-2", "token-3"]);
  const { user } = renderForm();
  await fill(user, VALID_VALUES);
  await user.click(submitButton());
  await screen.findByText("Request Submitted Successfully");
  await fill(user, VALID_VALUES);
  await user.click(submitButton());
  await waitFor(() => expect(bodies()).toHaveLength(2));
  expect(bodies().map((body) => body.formToken)).toEqual(["token-1", "token-2"]);
});

test("when the first token fetch failed, the form fetches one before it submits", async () => {
  const { bodies, served } = withTokens([null, "token-late"]);
  const { user } = renderForm();
  await waitFor(() => expect(served()).toBe(1));
  await fill(user, VALID_VALUES);
  await user.click(submitButton());
  await screen.findByText("Request Submitted Successfully");
  expect(bodies()[0].formToken).toBe("token-late");
});

test("a submit while the first token is still on its way waits for it instead of fetching a second", async () => {
  const posts = mockFetch(200);
  const post = globalThis.fetch;
  let release: (response: Response) => void = () => {};
  let served = 0;
  globalThis.fetch = ((url: string, init?: RequestInit) => {
    if (url !== FORM_TOKEN_ENDPOINT) return post(url, init);
    served += 1;
    return new Promise<Response>((resolve) => {
      release = resolve;
    });
  }) as typeof fetch;
  const { user } = renderForm();
  await fill(user, VALID_VALUES);
  await user.click(submitButton());
  release({ ok: true, status: 200, json: async () => ({ token: "token-slow" }) } as Response);
  await screen.findByText("Request Submitted Successfully");
  expect(JSON.parse(posts.mock.calls[0][1]?.body as string)).toMatchObject({ formToken: "token-slow" });
  expect(served).toBe(2); // the hydration fetch, then the fresh token after the submit
});
