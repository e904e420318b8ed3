import * as React from "react";
import {
  applyTheme,
  DARK_QUERY,
  readStoredTheme,
  storeTheme,
  type Theme,
} from "../components/theme/theme-core";

/**
 * The visitor's theme choice. Starts as "system" for server rendering, then reads the stored
 * choice after mount (the inline head script has already painted the right theme). While
 * the choice is "system" it follows the OS setting as it changes.
 * @returns [current choice, setter that applies and stores a new choice]
 */
export function useTheme(): [Theme, (theme: Theme) => void] {
  const [theme, setThemeState] = React.useState<Theme>("system");

  React.useEffect(() => {
    setThemeState(readStoredTheme());
  }, []);

  React.useEffect(() => {
    if (theme !== "system") return;
    const media = window.matchMedia(DARK_QUERY);
    const follow = () => applyTheme("system");
    media.addEventListener("change", follow);
    return () => media.removeEventListener("change", follow);
  }, [theme]);

  const setTheme = React.useCallback((next: Theme) => {
    setThemeState(next);
    storeTheme(next);
    applyTheme(next);
  }, []);

  return [theme, setTheme];
}
