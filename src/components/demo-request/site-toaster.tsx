import * as React from "react";
import {
  holdToast,
  loadedToasts,
  loadToasts,
  subscribeToToasts,
  subscribeToToastsLoaded,
  TOAST_DURATION_MS,
  type ToastMessage,
} from "../../lib/toast";

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
    const load = () => {
      events.forEach((type) => document.removeEventListener(type, load));
      void loadToasts();
    };
    events.forEach((type) => document.addEventListener(type, load));
    return () => events.forEach((type) => document.removeEventListener(type, load));
  }, []);
}

/** Where toasts render (spec section 9), once sonner has loaded (src/lib/toast.ts). */
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
      subscribeToToasts((message) =>
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
