/**
 * Runs an inline `<script>`'s source as the browser does: a classic script in the page's global
 * scope (here jsdom's window). The pages' hashed inline scripts are the code under test
 * (docs/decisions/0015-controls-without-framework.md), so evaluating their text is the point of the tests
 * that call this.
 *
 * @param source the script's text; throws whatever the script throws
 */
export function runInlineScript(source: string): void {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the page's own inline script is what is tested
  (new Function(source) as () => void)();
}
