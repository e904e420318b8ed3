import * as React from "react";
import { HONEYPOT_FIELD } from "../../lib/demo-request";

/**
 * The honeypot (decision 0011): hidden from sight, tab order and assistive tech, with a name and opt-outs
 * autofill and password managers skip; a request that fills it is stored as spam, never lost.
 */
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
