import * as React from "react";
import { loadedToasts, loadToasts, subscribeToToastsLoaded, TOAST_DURATION_MS } from "../../lib/toast";

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

// Sonner's light rich colours put 13 px text below WCAG AA contrast (about 4.3:1);
// darker text on the same backgrounds reaches at least 4.5:1. Its dark colours already pass.
const LIGHT_THEME_COLOURS = {
  "--success-text": "hsl(140, 100%, 20%)",
  "--error-text": "hsl(360, 100%, 33%)",
  "--info-text": "hsl(210, 92%, 33%)",
  "--warning-text": "hsl(31, 92%, 28%)",
} as React.CSSProperties;

/**
 * Starts loading sonner on the visitor's first focus or tap anywhere on the page (issue 17: it is
 * not in the first load), so its live region is in place well before a submit's answer.
 */
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

/**
 * Where toasts render (spec section 9): one at a time, 5 s, rich colours for the success and
 * destructive variants, in sonner's polite live region. Sonner turns its own animations off
 * under `prefers-reduced-motion`. Renders nothing until sonner has loaded (src/lib/toast.ts).
 */
export function SiteToaster() {
  const theme = useDocumentTheme();
  useToastsOnFirstInteraction();
  const sonner = React.useSyncExternalStore(subscribeToToastsLoaded, loadedToasts, () => undefined);
  if (sonner === undefined) return null;
  const { Toaster } = sonner;
  return (
    <Toaster
      theme={theme}
      style={theme === "light" ? LIGHT_THEME_COLOURS : undefined}
      position="bottom-right"
      visibleToasts={1}
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
    />
  );
}
