import * as React from "react";
import { Toaster } from "sonner";
import { TOAST_DURATION_MS } from "../../lib/toast";

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

/**
 * Where toasts render (spec section 9): one at a time, 5 s, rich colours for the success and
 * destructive variants, in sonner's polite live region. Sonner turns its own animations off
 * under `prefers-reduced-motion`.
 */
export function SiteToaster() {
  const theme = useDocumentTheme();
  return (
    <Toaster
      theme={theme}
      position="bottom-right"
      visibleToasts={1}
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
    />
  );
}
