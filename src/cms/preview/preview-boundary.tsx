import * as React from "react";

type Props = { name: string; children: React.ReactNode };
type State = { failed: boolean };

/** Shows a note instead of blanking the preview for one unfinished section; keyed by its data, so typing retries. */
export class PreviewBoundary extends React.Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      // Only classes the public pages use: a new one would change the site's stylesheet.
      <p role="status" className="mx-auto max-w-2xl rounded-md bg-slate-100 p-4 text-sm text-red-800">
        The {this.props.name} section cannot be previewed until its required fields are filled in.
      </p>
    );
  }
}
