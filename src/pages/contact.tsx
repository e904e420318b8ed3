import * as React from "react";
import { DemoRequestSection } from "../components/demo-request/demo-request-section";

export default function ContactPage() {
  return (
    <main>
      <h1>Request a Demo</h1>
      <DemoRequestSection />
    </main>
  );
}
