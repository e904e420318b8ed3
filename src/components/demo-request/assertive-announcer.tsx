import * as React from "react";
import { subscribeToToasts, type ToastMessage } from "../../lib/toast";

type Announcement = { text: string; count: number };

const textOf = ({ title, description }: ToastMessage) => (description ? `${title}. ${description}` : title);

/**
 * A hidden role="alert" region repeating each destructive toast, since sonner's region is polite only
 * (docs/requirements.md#accessibility-search-and-the-form-without-javascript); other toasts clear it.
 */
export function AssertiveAnnouncer() {
  const [announcement, setAnnouncement] = React.useState<Announcement>({ text: "", count: 0 });
  React.useEffect(
    () =>
      subscribeToToasts((message) =>
        setAnnouncement(({ count }) => ({
          text: message.variant === "destructive" ? textOf(message) : "",
          count: count + 1,
        })),
      ),
    [],
  );
  return (
    <div role="alert" className="sr-only" data-testid="assertive-announcer">
      {/* A new node per toast, so a repeated failure with the same text is announced again. */}
      {announcement.text && <p key={announcement.count}>{announcement.text}</p>}
    </div>
  );
}
