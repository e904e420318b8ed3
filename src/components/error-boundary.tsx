import * as React from "react";

type ErrorBoundaryProps = { children: React.ReactNode };
type ErrorBoundaryState = { error: Error | null };

/** Title of the fallback screen (spec section 8, "Unmatched routing error"). */
export const ERROR_TITLE = "Unexpected Application Error!";

/**
 * Wraps every page: a render error shows 'Unexpected Application Error!' and its message, not a blank page.
 * Its texts are not in content/, so it works when anything else is broken.
 */
export class ErrorBoundary extends React.Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: React.ErrorInfo) {
    console.error("Unexpected application error:", error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <main className="mx-auto max-w-2xl px-4 py-24">
        <h1 className="text-3xl font-bold">{ERROR_TITLE}</h1>
        <pre className="mt-6 overflow-x-auto rounded-md bg-slate-100 p-4 text-sm whitespace-pre-wrap text-red-800 dark:bg-slate-900 dark:text-red-300">
          {error.message}
        </pre>
      </main>
    );
  }
}
