import * as React from "react";
import {
  holdToast,
  loadedToasts,
  loadToasts,
  subscribeToToastsLoaded,
  TOAST_DURATION_MS,
} from "../../lib/toast";

/** Follows the `dark` class the theme control puts on <html> (Tailwind's class-based dark variant). */
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

/** Loads sonner on the first focus or tap, so its live region is ready before a submit's answer (docs/decisions/0016-contact-first-load.md). */
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

/** Holds an action toast while focus is in it (decision 0023); sonner pauses only for hover. */
function useHoldWhileFocused(ref: React.RefObject<HTMLDivElement | null>) {
  React.useEffect(() => {
    const wrapper = ref.current;
    if (!wrapper) return;
    const focusIn = () => holdToast(true);
    const focusOut = (event: FocusEvent) => {
      if (!wrapper.contains(event.relatedTarget as Node | null)) holdToast(false);
    };
    wrapper.addEventListener("focusin", focusIn);
    wrapper.addEventListener("focusout", focusOut);
    return () => {
      wrapper.removeEventListener("focusin", focusIn);
      wrapper.removeEventListener("focusout", focusOut);
    };
  }, [ref]);
}

/** Where toasts render (spec section 9), once sonner has loaded (src/lib/toast.ts). */
export function SiteToaster() {
  const theme = useDocumentTheme();
  const wrapper = React.useRef<HTMLDivElement>(null);
  useHoldWhileFocused(wrapper);
  useToastsOnFirstInteraction();
  const sonner = React.useSyncExternalStore(subscribeToToastsLoaded, loadedToasts, () => undefined);
  return (
    <div ref={wrapper} className="contents">
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
