import * as React from "react";

type Props = { name: string; children: React.ReactNode };
type State = { failed: boolean };

/**
 * Keeps one unfinished section from blanking the whole preview: it shows a note instead.
 * The templates key it by the section's data, so the next keystroke tries again.
 */
export class PreviewBoundary extends React.Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      // Only classes the public pages already use: Tailwind scans src/cms too, and a new class
      // would change the site's stylesheet.
      <p role="status" className="mx-auto max-w-2xl rounded-md bg-slate-100 p-4 text-sm text-red-800">
        The {this.props.name} section cannot be previewed until its required fields are filled in.
      </p>
    );
  }
}
