// gatsby-browser's onClientEntry (issue 5, TBT): Gatsby's boot waits one timer turn after the app's
// modules have run, so that work and the page-data fetch are two tasks, not one.
import { onClientEntry } from "../../../gatsby-browser";

afterEach(() => jest.useRealTimers());

test("onClientEntry resolves only after a timer turn", async () => {
  jest.useFakeTimers();
  const resolved = jest.fn();
  const entry = (onClientEntry as () => Promise<void>)().then(resolved);
  await Promise.resolve();
  expect(resolved).not.toHaveBeenCalled();
  jest.runOnlyPendingTimers();
  await entry;
  expect(resolved).toHaveBeenCalledTimes(1);
});
