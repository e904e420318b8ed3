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
      <p role="status" className="m-4 rounded-md border border-amber-400 bg-amber-50 p-4 text-slate-900">
        The {this.props.name} section cannot be previewed until its required fields are filled in.
      </p>
    );
  }
}
