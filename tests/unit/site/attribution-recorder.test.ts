import { attributionSchema } from "../../../src/lib/attribution";
import { attributionRecorderScript } from "../../../src/lib/inline-scripts";

/** Loads a page at `url` with `referrer` and runs the inline head script as the browser does. */
function land(url: string, referrer = "") {
  window.history.replaceState(null, "", url);
  Object.defineProperty(document, "referrer", { value: referrer, configurable: true });
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the recorder is inline script text
  (new Function(attributionRecorderScript) as () => void)();
}

const recorded = () =>
  JSON.parse(sessionStorage.getItem("attribution") ?? "null") as Record<string, string> | null;

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  window.history.replaceState(null, "", "/");
});

test("records the landing path, the referrer's origin and path, and the UTM parameters and gclid", () => {
  land(
    "/?utm_source=linkedin&utm_campaign=q4&utm_medium=social&utm_term=ai&utm_content=c2&gclid=G1&utm_id=9&email=a@b.c",
    "https://www.linkedin.com/feed/update/123?trk=abc#comments",
  );
  expect(recorded()).toEqual({
    landing_path: "/",
    referrer: "https://www.linkedin.com/feed/update/123",
    utm_source: "linkedin",
    utm_medium: "social",
    utm_campaign: "q4",
    utm_term: "ai",
    utm_content: "c2",
    gclid: "G1",
  });
});

test("only the first landing of the tab's session counts: later pages and reloads change nothing", () => {
  land("/?utm_source=linkedin&utm_campaign=q4", "https://www.linkedin.com/");
  const first = recorded();
  land("/about");
  land("/contact?utm_source=newsletter", "http://localhost/about");
  expect(recorded()).toEqual(first);
});

test("a direct visit records the path only", () => {
  land("/contact");
  expect(recorded()).toEqual({ landing_path: "/contact" });
});

test("a non-web referrer (an app) is left out", () => {
  land("/", "android-app://com.google.android.gm/");
  expect(recorded()).toEqual({ landing_path: "/" });
});

test("what it stores passes the function's schema: control and format characters removed, values cut to 200", () => {
  const long = "x".repeat(300);
  land(`/?utm_source=a%E2%80%8Bb%00c%0Ad&utm_campaign=${long}&utm_term=%E2%80%AEevil`);
  const stored = recorded()!;
  expect(stored.utm_source).toBe("abcd");
  expect(stored.utm_campaign).toHaveLength(200);
  expect(stored.utm_term).toBe("evil");
  expect(attributionSchema().safeParse(stored).success).toBe(true);
});

test("never writes a cookie or localStorage", () => {
  land("/?utm_source=linkedin", "https://www.google.com/");
  expect(document.cookie).toBe("");
  expect(localStorage.length).toBe(0);
});

test("blocked storage: no error reaches the page", () => {
  const getItem = jest.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
    throw new DOMException("denied", "SecurityError");
  });
  expect(() => land("/?utm_source=x")).not.toThrow();
  getItem.mockRestore();
});
