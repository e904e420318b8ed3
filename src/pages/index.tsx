import * as React from "react";

export default function IndexPage() {
  return <h1 className="text-3xl font-bold">Hello</h1>;
}
