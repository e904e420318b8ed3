import * as React from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { HONEYPOT_FIELD, type DemoRequestFieldRow } from "../../lib/demo-request";

type FieldProps = { row: DemoRequestFieldRow; registration: UseFormRegisterReturn; error?: string };

const controlClass =
  "w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-xs " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700 " +
  "aria-invalid:border-red-700 motion-safe:transition-colors " +
  "dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:focus-visible:outline-sky-400 " +
  "dark:aria-invalid:border-red-400";

/** A labelled control `#demo-request-<name>` with a reserved error slot; the asterisk is hidden from assistive tech, given `aria-required`. */
export function Field({ row, registration, error }: FieldProps) {
  const { label, required, input } = row;
  const id = `demo-request-${row.name}`;
  const errorId = `${id}-error`;
  const controlProps = {
    id,
    className: controlClass,
    autoComplete: row.autoComplete,
    "aria-required": required || undefined,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    ...registration,
  };
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {input === "textarea" ? (
        <textarea rows={row.rows} {...controlProps} />
      ) : (
        <input type={input} {...controlProps} />
      )}
      <p id={errorId} className="min-h-5 text-sm text-red-700 dark:text-red-400">
        {error}
      </p>
    </div>
  );
}

/** The honeypot (decision 0011), hidden from people, tab order, assistive tech, autofill and password managers. */
export const HoneypotField = React.forwardRef<HTMLInputElement>(function HoneypotField(_props, ref) {
  const id = `demo-request-${HONEYPOT_FIELD}`;
  return (
    <div aria-hidden="true" className="invisible absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={id}>Leave this field empty</label>
      <input
        ref={ref}
        id={id}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        data-1p-ignore=""
        data-lpignore="true"
        data-bwignore=""
        data-form-type="other"
        defaultValue=""
      />
    </div>
  );
});
