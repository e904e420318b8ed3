/**
 * @jest-environment node
 */
// The spam layers' reasons as the sales team reads them (docs/decisions/0011-spam-defence-layers.md): every
// stored reason in words that name no field, token or format; an unknown one as stored; and the sign that a
// password manager filled the hidden field.
import { autofilledField, reasonInWords } from "../../../../netlify/lib/core/spam/spam";
import { VALID } from "../../../helpers/function-harness";
import { STORED_REASONS } from "../../../helpers/spam-reasons";

test.each(Object.entries(STORED_REASONS))("the %s reason reads in plain words", (_name, stored) => {
  expect(reasonInWords(stored)).not.toMatch(/token|honeypot|JSON|[A-Z]+_[A-Z]/i);
});

test("each reason's words say what happened", () => {
  expect(
    Object.fromEntries(Object.entries(STORED_REASONS).map(([name, r]) => [name, reasonInWords(r)])),
  ).toEqual({
    honeypot: "a field people can't see was filled in, often by a password manager",
    honeypotNotStored:
      "a field people can't see was filled in, often by a password manager; it could not be stored, so it is sent rather than held",
    noToken: "sent by a program, not from the site's form",
    reused: "sent from a form page already used for another demo request",
    tooFast: "sent 0.6 s after the form loaded, faster than a person fills it in",
    forged: "the form's hidden check was forged: not sent from the site's form",
    future: "the form's hidden check was forged (dated in the future)",
    expired: "sent 30 h after the form was opened, over a day later",
    disposable: "sent by a program, not from the site's form; disposable e-mail address (mailinator.com)",
  });
});

test("a reason no layer writes any more is shown as stored", () => {
  expect(reasonInWords("form token missing")).toBe("form token missing");
  expect(reasonInWords("")).toBe("");
});

describe("the hidden field's autofill", () => {
  const held = (honeypot?: string) => ({ honeypot, request: { ...VALID } });

  test("is seen when it repeats any of the six fields, trimmed and in any case", () => {
    expect(autofilledField(held(` ${VALID.email.toUpperCase()} `))?.label).toBe("Work Email");
    expect(autofilledField(held("jane"))?.label).toBe("First Name");
    expect(autofilledField({ honeypot: "Hello", request: { ...VALID, message: " hello" } })?.name).toBe(
      "message",
    );
  });

  test("is not seen for other text, or an empty field against an empty message", () => {
    expect(autofilledField(held("https://spam.example"))).toBeUndefined();
    expect(autofilledField(held("jane@acme"))).toBeUndefined();
    expect(autofilledField(held(" "))).toBeUndefined();
    expect(autofilledField({ request: { ...VALID, message: "" } })).toBeUndefined();
  });
});
