/** The site's toasts (spec section 9), one at a time, and where they render; sonner loads on first interaction (decisions 0016, 0023). */
import * as React from "react";

type Sonner = typeof import("sonner");

/** Display time in milliseconds (spec section 9: 5 seconds); action toasts stay twice as long. */
export const TOAST_DURATION_MS = 5000;
export const ACTION_TOAST_DURATION_MS = 10_000;
const TOAST_ID = "site-toast";

export type ToastMessage = {
  title: string;
  description?: string;
  variant?: "default" | "destructive" | "success";
  action?: React.ReactNode;
};

/** The two notifications of the demo request (spec section 8), word for word. */
export const DEMO_REQUEST_TOASTS = {
  success: {
    variant: "success",
    title: "Request Submitted Successfully",
    description: "Our team will contact you within 24 hours to schedule your demo.",
  },
  failure: {
    variant: "destructive",
    title: "Submission Failed",
    description: "There was an error submitting your request. Please try again.",
  },
} as const satisfies Record<string, ToastMessage>;

const listeners = new Set<(message: ToastMessage) => void>();
const loadListeners = new Set<() => void>();
let sonner: Sonner | undefined;
let loading: Promise<Sonner> | undefined;

function subscribe<T>(set: Set<T>, listener: T): () => void {
  set.add(listener);
  return () => void set.delete(listener);
}

/** Loads sonner once (the same promise for every call). */
export function loadToasts(): Promise<Sonner> {
  loading ??= import("sonner").then((module) => {
    sonner = module;
    loadListeners.forEach((listener) => listener());
    return module;
  });
  return loading;
}

/** For `useSyncExternalStore`: the loaded sonner module, or undefined, and its subscription. */
const subscribeToToastsLoaded = (listener: () => void) => subscribe(loadListeners, listener);
export const loadedToasts = (): Sonner | undefined => sonner;

// The toast on screen, so holdToast never brings back a closed one.
let current: ToastMessage | undefined;

function render(message: ToastMessage, duration: number): void {
  const { title, description, variant = "default", action } = message;
  const gone = () => {
    if (current === message) current = undefined;
  };
  const options = { id: TOAST_ID, description, duration, action, onDismiss: gone, onAutoClose: gone };
  const show = ({ toast }: Sonner) => {
    if (variant === "success") toast.success(title, options);
    else if (variant === "destructive") toast.error(title, options);
    else toast(title, options);
  };
  if (sonner) show(sonner);
  else void loadToasts().then(show);
}

/** Shows a toast, replacing any on screen. */
export function showToast(message: ToastMessage): void {
  current = message;
  listeners.forEach((listener) => listener(message));
  render(message, message.action ? ACTION_TOAST_DURATION_MS : TOAST_DURATION_MS);
}

/** Keeps an action toast on screen while focus is in it (sonner pauses for hover only), then restarts its timer. */
export function holdToast(held: boolean): void {
  if (current?.action) render(current, held ? Infinity : ACTION_TOAST_DURATION_MS);
}

// Follows the `dark` class the theme script puts on <html>.
function useDocumentTheme(): "light" | "dark" {
  const [theme, setTheme] = React.useState<"light" | "dark">("light");
  React.useEffect(() => {
    const root = document.documentElement;
    const read = () => setTheme(root.classList.contains("dark") ? "dark" : "light");
    read();
    const observer = new MutationObserver(read);
    observer.observe(root, { attributes: true, attributeFilter: ["class"] });
    return () => observer.disconnect();
  }, []);
  return theme;
}

// Sonner's light rich colours miss WCAG AA for 13 px text; these darker ones reach 4.5:1.
const LIGHT_THEME_COLOURS = {
  "--success-text": "hsl(140, 100%, 20%)",
  "--error-text": "hsl(360, 100%, 33%)",
  "--info-text": "hsl(210, 92%, 33%)",
  "--warning-text": "hsl(31, 92%, 28%)",
} as React.CSSProperties;

// Loads sonner on the first focus or tap, so its live region is ready before a submit's answer (decision 0016).
function useToastsOnFirstInteraction() {
  React.useEffect(() => {
    const events = ["focusin", "pointerdown"] as const;
    const load = () => void loadToasts();
    events.forEach((type) => document.addEventListener(type, load, { once: true }));
    return () => events.forEach((type) => document.removeEventListener(type, load));
  }, []);
}

/** Where toasts render, once sonner has loaded. */
export function SiteToaster() {
  const theme = useDocumentTheme();
  useToastsOnFirstInteraction();
  const sonner = React.useSyncExternalStore(subscribeToToastsLoaded, loadedToasts, () => undefined);
  return (
    // Holds an action toast while focus is in it (decision 0023); sonner pauses only for hover.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- it only notices focus moving inside
    <div
      className="contents"
      onFocus={() => holdToast(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) holdToast(false);
      }}
    >
      {sonner && (
        <sonner.Toaster
          theme={theme}
          style={theme === "light" ? LIGHT_THEME_COLOURS : undefined}
          position="bottom-right"
          visibleToasts={1}
          duration={TOAST_DURATION_MS}
          richColors
          closeButton
        />
      )}
    </div>
  );
}

type Announcement = { text: string; count: number };

const textOf = ({ title, description }: ToastMessage) => (description ? `${title}. ${description}` : title);

/** A hidden role="alert" region repeating each destructive toast (sonner's is polite only); other toasts clear it. */
export function AssertiveAnnouncer() {
  const [announcement, setAnnouncement] = React.useState<Announcement>({ text: "", count: 0 });
  React.useEffect(
    () =>
      subscribe(listeners, (message) =>
        setAnnouncement(({ count }) => ({
          text: message.variant === "destructive" ? textOf(message) : "",
          count: count + 1,
        })),
      ),
    [],
  );
  return (
    <div role="alert" className="sr-only" data-testid="assertive-announcer">
      {/* A new node per toast, so a repeated failure with the same text is announced again. */}
      {announcement.text && <p key={announcement.count}>{announcement.text}</p>}
    </div>
  );
}
