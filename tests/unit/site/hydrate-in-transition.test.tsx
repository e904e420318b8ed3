import * as React from "react";
import { act } from "react";
import { fireEvent } from "@testing-library/react";
import { hydrateInTransition } from "../../../src/lib/hydrate-in-transition";

// The module object itself: a namespace import is a copy, and spying on it would not reach the code.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const reactModule = require("react") as typeof React;

function Counter() {
  const [count, setCount] = React.useState(0);
  return (
    <button type="button" onClick={() => setCount((value) => value + 1)}>
      {`Clicked ${count}`}
    </button>
  );
}

const app = (
  <div id="gatsby-focus-wrapper">
    <Counter />
  </div>
);

function rootWith(html: string): HTMLElement {
  const rootNode = document.createElement("div");
  rootNode.id = "___gatsby";
  rootNode.innerHTML = html;
  document.body.appendChild(rootNode);
  return rootNode;
}

afterEach(() => {
  document.body.innerHTML = "";
  jest.restoreAllMocks();
});

test("hydrates server-rendered markup in a transition, keeping its DOM nodes", async () => {
  const rootNode = rootWith('<div id="gatsby-focus-wrapper"><button type="button">Clicked 0</button></div>');
  const serverButton = rootNode.querySelector("button");
  const startTransition = jest.spyOn(reactModule, "startTransition");

  let cleanup = () => {};
  await act(async () => {
    cleanup = hydrateInTransition(app, rootNode);
  });

  expect(startTransition).toHaveBeenCalledTimes(1);
  // Hydration adopts the server's nodes; a client render would have replaced the button.
  expect(rootNode.querySelector("button")).toBe(serverButton);
  await act(async () => {
    fireEvent.click(serverButton as HTMLButtonElement);
  });
  expect(serverButton).toHaveTextContent("Clicked 1");

  await act(async () => cleanup());
  expect(rootNode).toBeEmptyDOMElement();
});

test("renders on the client when the page has no server markup (gatsby develop)", async () => {
  const rootNode = rootWith("");
  const startTransition = jest.spyOn(reactModule, "startTransition");

  let cleanup = () => {};
  await act(async () => {
    cleanup = hydrateInTransition(app, rootNode);
  });

  expect(startTransition).not.toHaveBeenCalled();
  expect(rootNode.querySelector("button")).toHaveTextContent("Clicked 0");
  await act(async () => cleanup());
  expect(rootNode).toBeEmptyDOMElement();
});

test("renders on the client when the focus wrapper is empty (client-only route)", async () => {
  const rootNode = rootWith('<div id="gatsby-focus-wrapper"></div>');
  await act(async () => {
    hydrateInTransition(app, rootNode);
  });
  expect(rootNode.querySelector("button")).toHaveTextContent("Clicked 0");
});
