/**
 * jsdom has no matchMedia; the theme control reads it. Installs a stub whose
 * `prefers-color-scheme: dark` answer is `dark`.
 */
export function installMatchMedia(dark = false): void {
  Object.defineProperty(window, "matchMedia", {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      matches: dark && query.includes("dark"),
      media: query,
      onchange: null,
      addEventListener: jest.fn(),
      removeEventListener: jest.fn(),
      addListener: jest.fn(),
      removeListener: jest.fn(),
      dispatchEvent: jest.fn(),
    }),
  });
}
