import type { DemoRequestField } from "../../lib/demo-request";

/** How each field of the Request a Demo form is shown, in the spec's order (section 2). */
export type FieldSpec = {
  name: DemoRequestField;
  label: string;
  required: boolean;
  type?: "text" | "email" | "tel";
  autoComplete?: string;
  rows?: number;
};

export const DEMO_REQUEST_FIELD_SPECS: readonly FieldSpec[] = [
  { name: "firstName", label: "First Name", required: true, autoComplete: "given-name" },
  { name: "lastName", label: "Last Name", required: true, autoComplete: "family-name" },
  { name: "email", label: "Work Email", required: true, type: "email", autoComplete: "email" },
  { name: "phone", label: "Phone Number", required: true, type: "tel", autoComplete: "tel" },
  { name: "company", label: "Company", required: true, autoComplete: "organization" },
  { name: "message", label: "Additional Info", required: false, rows: 4 },
];
