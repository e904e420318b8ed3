import * as React from "react";
import type { WrapPageElementBrowserArgs } from "gatsby";

// `fallback` replaces the error screen and its log (the editor's preview of an unfinished section).
type ErrorBoundaryProps = { children: React.ReactNode; fallback?: React.ReactNode };
type ErrorBoundaryState = { error: Error | null };

/** A render error shows 'Unexpected Application Error!' (spec section 8) and its message; no content/ texts needed. */
export class ErrorBoundary extends React.Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: React.ErrorInfo) {
    if (this.props.fallback === undefined)
      console.error("Unexpected application error:", error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (this.props.fallback !== undefined) return this.props.fallback;
    return (
      <main className="mx-auto max-w-2xl px-4 py-24">
        <h1 className="text-3xl font-bold">Unexpected Application Error!</h1>
        <pre className="mt-6 overflow-x-auto rounded-md bg-slate-100 p-4 text-sm whitespace-pre-wrap text-red-800 dark:bg-slate-900 dark:text-red-300">
          {error.message}
        </pre>
      </main>
    );
  }
}

/** Shared by gatsby-browser and gatsby-ssr: every page renders inside the ErrorBoundary. */
export function wrapPageElement({ element }: Pick<WrapPageElementBrowserArgs, "element">) {
  return <ErrorBoundary>{element}</ErrorBoundary>;
}
