import { Download, Eye, XCircle } from "lucide-react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import { formatCount } from "../lead-format";

interface Progress {
  status: string;
  totalRows: number;
  rowsDone: number;
  imported: number;
  rejected: number;
  duplicates: number;
  startedAt: Date | string | null;
  finishedAt: Date | string | null;
  error: string | null;
}

const percentOf = (p: Pick<Progress, "rowsDone" | "totalRows">) =>
  p.totalRows === 0 ? 0 : Math.min(100, Math.floor((p.rowsDone / p.totalRows) * 100));

/** A progress bar of rows done; its value is announced as a percentage. */
export function ImportProgressBar({ summary, className }: { summary: Progress; className?: string }) {
  const percent = percentOf(summary);
  return (
    <div
      role="progressbar"
      aria-label="Rows imported"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${formatCount(summary.rowsDone)} of ${formatCount(summary.totalRows)} rows`}
      className={cn("h-2 overflow-hidden rounded-full bg-muted", className)}
    >
      <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}

const durationText = (seconds: number) => {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s`;
  const minutes = Math.floor(seconds / 60);
  return minutes < 60
    ? `${minutes} min ${Math.round(seconds % 60)} s`
    : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
};

/** Rows a second since the job started, and the time left at that rate (null before the first batch). */
export function importRate(p: Progress, now: number) {
  if (!p.startedAt || p.rowsDone === 0) return null;
  const seconds = Math.max(0.001, (now - new Date(p.startedAt).getTime()) / 1000);
  const perSecond = p.rowsDone / seconds;
  return { perSecond, secondsLeft: (p.totalRows - p.rowsDone) / perSecond };
}

/** A running or queued import: rows done of the total, the rate and the time left, and Cancel. */
export function ImportRunning({ progress, now }: { progress: Progress; now: number }) {
  const rate = importRate(progress, now);
  return (
    <div className="space-y-4">
      <p className="text-lg font-semibold" aria-live="polite">
        {progress.status === "queued"
          ? "Waiting for a worker to start…"
          : `${formatCount(progress.rowsDone)} of ${formatCount(progress.totalRows)} rows (${percentOf(progress)}%)`}
      </p>
      <ImportProgressBar summary={progress} className="h-3" />
      <p className="text-sm text-muted-foreground">
        {rate
          ? `${formatCount(Math.round(rate.perSecond))} rows a second · about ${durationText(rate.secondsLeft)} left`
          : "Starting…"}
        {" · "}
        {formatCount(progress.imported)} imported, {formatCount(progress.rejected)} rejected,{" "}
        {formatCount(progress.duplicates)} possible duplicates
      </p>
      <Form method="post">
        <Button type="submit" name="intent" value="cancel" variant="outline">
          <XCircle aria-hidden="true" /> Cancel import
        </Button>
      </Form>
    </div>
  );
}

/** The heading of an import's card: how it stands. */
export const importStateTitle = (status: string) =>
  ({
    queued: "Importing",
    running: "Importing",
    done: "Import finished",
    cancelled: "Import cancelled",
  })[status] ?? "Import failed";

/** A finished import: what came of every row, and where to look at it. */
export function ImportResult({ id, progress }: { id: string; progress: Progress }) {
  return (
    <div className="space-y-4">
      {progress.status === "failed" && progress.error && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
          {progress.error}
        </p>
      )}
      {progress.status === "cancelled" && (
        <p className="text-muted-foreground">
          Cancelled after {formatCount(progress.rowsDone)} of {formatCount(progress.totalRows)} rows. The
          leads imported before stay.
        </p>
      )}
      <dl className="grid grid-cols-3 gap-2 sm:gap-4 text-center">
        {(
          [
            ["Imported", progress.imported],
            ["Rejected", progress.rejected],
            ["Possible duplicates", progress.duplicates],
          ] as const
        ).map(([label, n]) => (
          <div key={label} className="rounded-xl border border-border px-2 py-3 sm:p-4">
            <dt className="text-xs font-semibold uppercase text-muted-foreground sm:tracking-wide">
              {label}
            </dt>
            <dd className="mt-1 text-2xl font-extrabold">{formatCount(n)}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap gap-2">
        {progress.imported > 0 && (
          <Button asChild>
            <Link to={`/admin/leads?import=${id}`}>
              <Eye aria-hidden="true" /> View the imported leads
            </Link>
          </Button>
        )}
        {progress.rejected > 0 && (
          <Button asChild variant="outline">
            <a href={`/admin/leads/import/${id}/rejected.csv`} download>
              <Download aria-hidden="true" /> Download rejected rows (CSV)
            </a>
          </Button>
        )}
      </div>
      {progress.rejected > 0 && (
        <p className="text-sm text-muted-foreground">
          The rejected rows come with a <code>reason</code> column: fix them in a spreadsheet and import the
          file again. Skipped duplicates name the lead they match.
        </p>
      )}
    </div>
  );
}
