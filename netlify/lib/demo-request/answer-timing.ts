/**
 * Keeps the honeypot's answer from being told apart by its speed: no timing shortcut visible to
 * the client (docs/decisions/0011-spam-defence-layers.md). A real demo request waits for SendGrid; a request
 * caught by the honeypot sends nothing, so it waits about as long instead: a running average of recent real
 * deliveries in this function instance, with jitter, before anything was measured `initialMs`.
 */

export interface AnswerTiming {
  /** Records how long a real request took to deliver, in milliseconds. */
  observe(ms: number): void;
  /** Waits about as long as a real delivery takes now. */
  wait(): Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * @param options sleep and random are replaceable for tests; initialMs (default 800) is the wait
 *   before any delivery was observed, about two SendGrid calls
 */
export function createAnswerTiming(
  options: { sleep?: (ms: number) => Promise<void>; random?: () => number; initialMs?: number } = {},
): AnswerTiming {
  const { sleep = defaultSleep, random = Math.random } = options;
  let average: number | undefined;
  return {
    observe(ms) {
      average = average === undefined ? ms : 0.8 * average + 0.2 * ms;
    },
    wait() {
      return sleep((average ?? options.initialMs ?? 800) * (0.8 + 0.4 * random()));
    },
  };
}
