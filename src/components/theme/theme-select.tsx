import * as React from "react";
import { useTheme } from "../../hooks/use-theme";
import { THEMES, type Theme } from "./theme-core";

type ThemeSelectProps = {
  labels: { label: string } & Record<Theme, string>;
};

/** Header control choosing light, dark or system theme (a native select: keyboard and screen-reader ready). */
export function ThemeSelect({ labels }: ThemeSelectProps) {
  const [theme, setTheme] = useTheme();
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="sr-only">{labels.label}</span>
      <select
        value={theme}
        onChange={(event) => setTheme(event.target.value as Theme)}
        className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
      >
        {THEMES.map((option) => (
          <option key={option} value={option}>
            {labels[option]}
          </option>
        ))}
      </select>
    </label>
  );
}
