import * as React from "react";
import { HONEYPOT_FIELD } from "../../lib/demo-request";

/**
 * The honeypot: a text input that people never see, reach or hear, but that form-filling bots
 * fill in. Off-screen and invisible, out of the tab order and the accessibility tree, with a
 * name no autofill heuristic matches and the opt-outs password managers honour (1Password,
 * LastPass, Bitwarden, Dashlane), so a person's browser leaves it empty (decision 0011). If one fills
 * it anyway, the request is stored as spam and can be recovered, never lost.
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
