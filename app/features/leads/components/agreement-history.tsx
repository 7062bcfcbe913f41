import { LocalTime } from "~/components/ui/local-time";
import { agreementLabels } from "../agreements/agreement.schema";
import type { AgreementChange } from "../agreements/agreements.server";
import { termText } from "./agreement-terms";

/** Every version of a client's agreement, newest first, each with the terms it changed. */
export function AgreementHistory({ history }: { history: AgreementChange[] }) {
  if (history.length === 0) return <p className="text-muted-foreground">No agreement has been saved yet.</p>;
  return (
    <ol className="space-y-4">
      {history.map((version) => (
        <li key={version.version} className="rounded-xl border border-border bg-card p-4">
          <p className="text-sm">
            <span className="font-semibold">Version {version.version}</span>
            <span className="text-muted-foreground">
              {" "}
              · <LocalTime iso={version.createdAt} />
              {version.createdBy && ` · by ${version.createdBy}`}
            </span>
          </p>
          <ul className="mt-2 space-y-1 text-sm">
            {version.changed.map((name) => (
              <li key={name} className="break-words">
                <span className="text-muted-foreground">{agreementLabels[name]}:</span>{" "}
                {termText(name, version)}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
