import * as React from "react";
import { THEME_SELECT_ID, THEMES, themeSelectScript, type Theme } from "../../lib/inline-scripts";

type ThemeSelectProps = {
  labels: { label: string } & Record<Theme, string>;
};

/** The header's theme select, driven by the theme's inline scripts, hidden without JS (`data-js-only`). */
export function ThemeSelect({ labels }: ThemeSelectProps) {
  return (
    <>
      <label data-js-only="" className="flex items-center gap-2 text-sm">
        <span className="sr-only">{labels.label}</span>
        <select
          id={THEME_SELECT_ID}
          autoComplete="off"
          defaultValue="system"
          className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
        >
          {THEMES.map((option) => (
            <option key={option} value={option}>
              {labels[option]}
            </option>
          ))}
        </select>
      </label>
      <script dangerouslySetInnerHTML={{ __html: themeSelectScript }} />
    </>
  );
}
