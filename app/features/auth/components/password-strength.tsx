import { cn } from "~/lib/utils";
import { passwordStrength } from "../auth.schema";

const levels = { "Too short": 1, Weak: 2, Strong: 3 } as const;

/** The spec's strength indicator: nothing when empty, then 'Too short', 'Weak' or 'Strong'. */
export function PasswordStrength({ password, id }: { password: string; id: string }) {
  const strength = passwordStrength(password);
  const level = strength ? levels[strength] : 0;
  return (
    <div id={id} aria-live="polite" className="min-h-6 text-sm">
      {strength && (
        <div className="flex items-center gap-3">
          <div className="flex flex-1 gap-1" aria-hidden="true">
            {[1, 2, 3].map((segment) => (
              <span
                key={segment}
                className={cn(
                  "h-1.5 flex-1 rounded-full",
                  segment > level
                    ? "bg-slate-200"
                    : level === 1
                      ? "bg-destructive"
                      : level === 2
                        ? "bg-accent"
                        : "bg-success",
                )}
              />
            ))}
          </div>
          <p
            className={cn(
              "font-semibold",
              level === 1 ? "text-destructive" : level === 2 ? "text-accent" : "text-success",
            )}
          >
            <span className="sr-only">Password strength: </span>
            {strength}
          </p>
        </div>
      )}
    </div>
  );
}
