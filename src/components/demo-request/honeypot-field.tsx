import * as React from "react";
import { HONEYPOT_FIELD } from "../../lib/demo-request";

/**
 * The honeypot: a text input that people never see, reach or hear, but that form-filling bots
 * fill in. Positioned off-screen rather than `display: none`, which many bots skip. The
 * function checks it before anything else.
 */
export const HoneypotField = React.forwardRef<HTMLInputElement>(function HoneypotField(_props, ref) {
  const id = `demo-request-${HONEYPOT_FIELD}`;
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={id}>Leave this field empty</label>
      <input
        ref={ref}
        id={id}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
});
