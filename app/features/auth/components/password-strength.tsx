import { STRENGTH_BAR_CLASS, STRENGTH_ROW_CLASS, strengthLook } from "../password-strength-look";

/** The spec's strength indicator: nothing when empty, then 'Too short', 'Weak' or 'Strong'. */
export function PasswordStrength({ password, id }: { password: string; id: string }) {
  const look = strengthLook(password);
  return (
    <div id={id} aria-live="polite" className="min-h-6 text-sm">
      {look && (
        <div className={STRENGTH_ROW_CLASS}>
          <div className={STRENGTH_BAR_CLASS} aria-hidden="true">
            {look.segments.map((className, index) => (
              <span key={index} className={className} />
            ))}
          </div>
          <p className={look.labelClass}>
            <span className="sr-only">Password strength: </span>
            {look.label}
          </p>
        </div>
      )}
    </div>
  );
}
