import type { Page } from "@playwright/test";

/**
 * Records the text of every console.error the page logs from now on.
 * @returns the list, which fills as the page logs
 */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}
