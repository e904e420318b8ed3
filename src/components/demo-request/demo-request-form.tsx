import * as React from "react";
import { useForm, type Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import {
  DEMO_REQUEST_FIELDS,
  demoRequestSchema,
  FORM_TOKEN_FIELD,
  HONEYPOT_FIELD,
  readStoredAttribution,
  type DemoRequest,
  type DemoRequestInput,
} from "../../lib/demo-request";
import {
  DEMO_REQUEST_ENDPOINT,
  fetchFormToken,
  newRequestId,
  submitDemoRequest,
} from "../../lib/submit-demo-request";
import { CollectionNotice, type CollectionNoticeTexts } from "./collection-notice";
import { Field, HoneypotField } from "./field";
import { BookingLink } from "./booking-link";
import { AssertiveAnnouncer, DEMO_REQUEST_TOASTS, showToast, SiteToaster } from "./site-toaster";

// The schema is built on the first validation, not when the page loads.
const resolveDemoRequest: Resolver<DemoRequestInput, unknown, DemoRequest> = (values, context, options) =>
  zodResolver(demoRequestSchema())(values, context, options);

const EMPTY = Object.fromEntries(DEMO_REQUEST_FIELDS.map((row) => [row.name, ""])) as DemoRequestInput;

const buttonClass =
  "inline-flex items-center justify-center rounded-md bg-sky-800 px-6 py-3 font-semibold text-white " +
  "hover:bg-sky-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700 " +
  "disabled:cursor-not-allowed disabled:opacity-70 motion-safe:transition-colors " +
  "dark:bg-sky-300 dark:text-slate-950 dark:hover:bg-sky-200 dark:focus-visible:outline-sky-300";

/** The Request a Demo form and its toasters (spec sections 2, 4, 5, 8; decision 0001), posting without JS too; a 409 is retried once. */
export function DemoRequestSection({ notice }: { notice: CollectionNoticeTexts }) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<DemoRequestInput, unknown, DemoRequest>({
    resolver: resolveDemoRequest,
    mode: "onSubmit",
    reValidateMode: "onChange",
    shouldFocusError: true,
    defaultValues: EMPTY,
  });
  const honeypot = React.useRef<HTMLInputElement>(null);
  // The idempotency key: kept across retries of the same values, renewed on change or success.
  const requestId = React.useRef<{ id: string; fingerprint: string }>();
  const requestIdFor = (values: DemoRequest) => {
    const fingerprint = JSON.stringify(values);
    if (requestId.current?.fingerprint !== fingerprint)
      requestId.current = { id: newRequestId(), fingerprint };
    return requestId.current.id;
  };
  // Stops a second submit that arrives before isSubmitting disables the button (Enter pressed twice).
  const sending = React.useRef(false);
  const [hydrated, setHydrated] = React.useState(false);
  // A token is spent by its request: fetched on hydration, before a submit if that failed, after every submit;
  // a submit during a fetch waits for it rather than start a second one.
  const tokenFetch = React.useRef<Promise<string | undefined>>();
  React.useEffect(() => {
    setHydrated(true);
    tokenFetch.current = fetchFormToken();
  }, []);

  const send = async (values: DemoRequest) => {
    if (sending.current) return;
    sending.current = true;
    if (!(await tokenFetch.current)) tokenFetch.current = fetchFormToken();
    const formToken = await tokenFetch.current;
    const post = () =>
      submitDemoRequest({
        ...values,
        [HONEYPOT_FIELD]: honeypot.current?.value ?? "",
        [FORM_TOKEN_FIELD]: formToken,
        requestId: requestIdFor(values),
        attribution: readStoredAttribution(),
      });
    try {
      let result = await post();
      if (!result.ok && result.status === 409) {
        requestId.current = undefined;
        result = await post();
      }
      if (result.ok) {
        const action = result.bookingUrl ? <BookingLink href={result.bookingUrl} /> : undefined;
        showToast({ ...DEMO_REQUEST_TOASTS.success, action });
        reset(EMPTY);
        requestId.current = undefined;
      } else {
        console.error("Demo request failed:", result.error);
        showToast(DEMO_REQUEST_TOASTS.failure);
      }
    } finally {
      sending.current = false;
      tokenFetch.current = fetchFormToken();
    }
  };

  return (
    <section aria-label="Demo request form" className="mt-10 w-full">
      <form
        method="post"
        action={DEMO_REQUEST_ENDPOINT}
        noValidate
        onSubmit={handleSubmit(send)}
        aria-busy={isSubmitting}
        data-hydrated={hydrated || undefined}
        className="relative flex flex-col gap-3"
      >
        <div className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
          {DEMO_REQUEST_FIELDS.map((row) => (
            <div key={row.name} className={row.input === "textarea" ? "sm:col-span-2" : undefined}>
              <Field row={row} error={errors[row.name]?.message} registration={register(row.name)} />
            </div>
          ))}
        </div>
        <HoneypotField ref={honeypot} />
        <CollectionNotice notice={notice} />
        <div>
          <button type="submit" disabled={isSubmitting} className={buttonClass}>
            {isSubmitting ? "Submitting..." : "Submit"}
          </button>
        </div>
      </form>
      <SiteToaster />
      <AssertiveAnnouncer />
    </section>
  );
}
