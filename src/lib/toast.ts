/** The site's toasts (spec section 9), one at a time, sonner loaded on first interaction (decisions 0016, 0023). */
import type { ReactNode } from "react";

type Sonner = typeof import("sonner");

/** Display time in milliseconds (spec section 9: 5 seconds); action toasts stay twice as long. */
export const TOAST_DURATION_MS = 5000;
export const ACTION_TOAST_DURATION_MS = 10_000;
const TOAST_ID = "site-toast";

export type ToastMessage = {
  title: string;
  description?: string;
  variant?: "default" | "destructive" | "success";
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

/** Calls `listener` with every toast from now on; returns the unsubscribe. */
export function subscribeToToasts(listener: ToastListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

let sonner: Sonner | undefined;
let loading: Promise<Sonner> | undefined;
const loadListeners = new Set<() => void>();

/** Loads sonner once (the same promise for every call). */
export function loadToasts(): Promise<Sonner> {
  loading ??= import("sonner").then((module) => {
    sonner = module;
    loadListeners.forEach((listener) => listener());
    return module;
  });
  return loading;
}

/** For `useSyncExternalStore`: the loaded sonner module, or undefined, and its subscription. */
export function subscribeToToastsLoaded(listener: () => void): () => void {
  loadListeners.add(listener);
  return () => {
    loadListeners.delete(listener);
  };
}

export const loadedToasts = (): Sonner | undefined => sonner;

// The toast on screen, so holdToast never brings back a closed one.
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
  if (sonner) show(sonner);
  else void loadToasts().then(show);
}

/** Shows a toast, replacing any on screen. */
export function showToast(message: ToastMessage): void {
  current = message;
  listeners.forEach((listener) => listener(message));
  render(message, message.action ? ACTION_TOAST_DURATION_MS : TOAST_DURATION_MS);
}

/** Keeps an action toast on screen while focus is in it (sonner pauses for hover only), then restarts its timer. */
export function holdToast(held: boolean): void {
  if (current?.action) render(current, held ? Infinity : ACTION_TOAST_DURATION_MS);
}
