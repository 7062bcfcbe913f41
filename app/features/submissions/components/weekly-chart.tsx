/** Submissions per week for the last 12 weeks, as an accessible bar chart with a table fallback. */
export interface WeekCount {
  week: string;
  contact: number;
  career: number;
}

export function WeeklyChart({ weeks }: { weeks: WeekCount[] }) {
  const max = Math.max(1, ...weeks.map((w) => w.contact + w.career));
  const barWidth = 100 / weeks.length;
  const label = (iso: string) =>
    new Date(`${iso}T00:00:00Z`).toLocaleDateString("en-US", {
      month: "short",
      day: "numeric",
      timeZone: "UTC",
    });
  return (
    <figure className="rounded-2xl border border-border bg-card p-5 shadow-sm">
      <figcaption className="text-sm font-semibold">Submissions per week (last 12 weeks)</figcaption>
      <svg
        viewBox="0 0 100 40"
        className="mt-4 h-32 w-full"
        role="img"
        aria-label="Bar chart of submissions per week; the table below has the figures"
        preserveAspectRatio="none"
      >
        {weeks.map((w, i) => {
          const contactHeight = (w.contact / max) * 38;
          const careerHeight = (w.career / max) * 38;
          const x = i * barWidth + barWidth * 0.15;
          const width = barWidth * 0.7;
          return (
            <g key={w.week}>
              <rect
                x={x}
                y={40 - contactHeight}
                width={width}
                height={contactHeight}
                className="fill-primary"
              />
              <rect
                x={x}
                y={40 - contactHeight - careerHeight}
                width={width}
                height={careerHeight}
                className="fill-accent"
              />
            </g>
          );
        })}
      </svg>
      <p className="mt-2 flex gap-4 text-xs text-muted-foreground">
        <span className="inline-flex items-center gap-1">
          <span className="inline-block size-3 rounded-sm bg-primary" aria-hidden="true" /> Contact
        </span>
        <span className="inline-flex items-center gap-1">
          <span className="inline-block size-3 rounded-sm bg-accent" aria-hidden="true" /> Career
        </span>
      </p>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-muted-foreground">Show figures</summary>
        <table className="mt-2 w-full text-left">
          <thead>
            <tr>
              <th scope="col">Week of</th>
              <th scope="col">Contact</th>
              <th scope="col">Career</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((w) => (
              <tr key={w.week}>
                <td>{label(w.week)}</td>
                <td>{w.contact}</td>
                <td>{w.career}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
