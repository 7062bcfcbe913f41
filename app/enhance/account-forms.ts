/**
 * The account pages for signed-out visitors (sign in, sign up, forgotten and new password), which do not
 * load React (ADR 055): the tabs switch in place, each form checks with its one schema and then posts as a
 * page (signing in goes on to the page asked for), and a new password shows its strength as it is typed.
 */
import {
  forgotPasswordSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from "~/features/auth/auth.schema";
import { STRENGTH_BAR_CLASS, STRENGTH_ROW_CLASS, strengthLook } from "~/features/auth/password-strength-look";
import { enhanceForm, showAnswersAsToasts } from "~/lib/enhance/form";
import { enhanceTabs } from "~/lib/enhance/tabs";

/** Draws the strength of the password typed in `input` where the field's indicator is (PasswordStrength). */
function showStrength(input: HTMLInputElement): void {
  const shown = document.getElementById(`${input.id}-strength`);
  if (!shown) return;
  const draw = () => {
    const look = strengthLook(input.value);
    shown.replaceChildren();
    if (!look) return;
    const row = document.createElement("div");
    row.className = STRENGTH_ROW_CLASS;
    const bar = document.createElement("div");
    bar.className = STRENGTH_BAR_CLASS;
    bar.setAttribute("aria-hidden", "true");
    for (const className of look.segments) {
      const segment = document.createElement("span");
      segment.className = className;
      bar.append(segment);
    }
    const label = document.createElement("p");
    label.className = look.labelClass;
    const spoken = document.createElement("span");
    spoken.className = "sr-only";
    spoken.textContent = "Password strength: ";
    label.append(spoken, look.label);
    row.append(bar, label);
    shown.append(row);
  };
  input.addEventListener("input", draw);
  // A reset empties the field after its event: draw once it has.
  input.form?.addEventListener("reset", () => setTimeout(draw));
  draw();
}

enhanceTabs(document.querySelector('[role="tablist"]'));
enhanceForm("signin", signInSchema, { send: "page" });
enhanceForm("resend", forgotPasswordSchema, { send: "page" });
enhanceForm("signup", signUpSchema, { send: "page" });
enhanceForm("forgot", forgotPasswordSchema, { send: "page" });
enhanceForm("reset", resetPasswordSchema, { send: "page" });
for (const input of document.querySelectorAll<HTMLInputElement>('input[autocomplete="new-password"]')) {
  if (document.getElementById(`${input.id}-strength`)) showStrength(input);
}
showAnswersAsToasts();
