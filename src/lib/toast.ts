/**
 * The site's toast notifications (spec section 9): variants default, destructive and success,
 * shown for 5 seconds, one at a time. Every toast shares one id, so a new toast replaces the
 * one on screen instead of stacking. Rendered by the `Toaster` in the demo-request section.
 *
 * Sonner (about 10 KB gzipped) is not part of /contact's first load (<= 100 KB,
 * docs/decisions/0016-contact-first-load.md): it is
 * loaded on the visitor's first interaction with the page ({@link loadToasts}, SiteToaster), or by
 * the first toast at the latest, long before a submit's answer can need it.
 *
 * A toast with an `action` (the "Book a time now" link, decision 0023) stays 10 seconds, and while
 * hovered (sonner pauses its timer) or focused (`holdToast`, called by the toaster): 5 seconds
 * is too short to act on.
 */
import type { ReactNode } from "react";

type Sonner = typeof import("sonner");

export type ToastVariant = "default" | "destructive" | "success";

/** Default display time in milliseconds (spec section 9: 5 seconds). */
export const TOAST_DURATION_MS = 5000;

/** Display time of a toast that carries an action, in milliseconds. */
export const ACTION_TOAST_DURATION_MS = 10_000;

/** The one id every toast uses: sonner updates a toast in place when the id is reused. */
export const TOAST_ID = "site-toast";

/** `action`: an element shown after the text, e.g. a link. */
export type ToastMessage = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  action?: ReactNode;
};

/** The two notifications of the demo request (spec section 8), word for word. */
export const DEMO_REQUEST_TOASTS = {
  success: {
    variant: "success",
    title: "Request Submitted Successfully",
    description: "Our team will contact you within 24 hours to schedule your demo.",
  },
  failure: {
    variant: "destructive",
    title: "Submission Failed",
    description: "There was an error submitting your request. Please try again.",
  },
} as const satisfies Record<string, ToastMessage>;

type ToastListener = (message: ToastMessage) => void;
const listeners = new Set<ToastListener>();

/**
 * Calls `listener` with every toast shown from now on (the assertive announcer of destructive
 * toasts uses it, since sonner's own live region is polite only).
 * @returns a function that unsubscribes
 */
export function subscribeToToasts(listener: ToastListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

let sonner: Sonner | undefined;
let loading: Promise<Sonner> | undefined;
const loadListeners = new Set<() => void>();

/**
 * Loads sonner, once; every call returns the same promise.
 * @returns the sonner module (`toast`, `Toaster`)
 */
export function loadToasts(): Promise<Sonner> {
  loading ??= import("sonner").then((module) => {
    sonner = module;
    loadListeners.forEach((listener) => listener());
    return module;
  });
  return loading;
}

/**
 * For `useSyncExternalStore`: calls `listener` once sonner has loaded.
 * @returns a function that unsubscribes
 */
export function subscribeToToastsLoaded(listener: () => void): () => void {
  loadListeners.add(listener);
  return () => {
    loadListeners.delete(listener);
  };
}

/** The sonner module once {@link loadToasts} has loaded it, else undefined. */
export const loadedToasts = (): Sonner | undefined => sonner;

/** The toast on screen, while it is (holdToast must never bring back a closed one). */
let current: ToastMessage | undefined;

function render(message: ToastMessage, duration: number): void {
  const { title, description, variant = "default", action } = message;
  const gone = () => {
    if (current === message) current = undefined;
  };
  const options = { id: TOAST_ID, description, duration, action, onDismiss: gone, onAutoClose: gone };
  const show = ({ toast }: Sonner) => {
    if (variant === "success") toast.success(title, options);
    else if (variant === "destructive") toast.error(title, options);
    else toast(title, options);
  };
  // Once sonner is here, at once: a hold must reach the toast before its timer can run out.
  if (sonner) show(sonner);
  else void loadToasts().then(show);
}

/** Shows `title` (and `description`, `action`) in the given variant, replacing any toast on screen. */
export function showToast(message: ToastMessage): void {
  current = message;
  listeners.forEach((listener) => listener(message));
  render(message, message.action ? ACTION_TOAST_DURATION_MS : TOAST_DURATION_MS);
}

/**
 * Keeps a toast that has an action on screen while `held` (focus is in the toast), then gives
 * it a fresh ACTION_TOAST_DURATION_MS once released. Sonner pauses for hover, not for focus.
 */
export function holdToast(held: boolean): void {
  if (current?.action) render(current, held ? Infinity : ACTION_TOAST_DURATION_MS);
}
