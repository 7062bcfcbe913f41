import type { SerializeFrom } from "~/lib/serialize-from";
import { LocalTime } from "~/components/ui/local-time";
import { activityTypes, labelOf } from "~/db/enums";
import type { leadTimeline } from "../lead-queries.server";

/** One entry as the loaders send it (admin and client timelines come from the same query). */
export type TimelineItem = SerializeFrom<typeof leadTimeline>[number];

/** A lead's activities, newest first: type, date, description and who did it (spec 02 §2). */
export function Timeline({ entries, emptyText }: { entries: TimelineItem[]; emptyText: string }) {
  if (entries.length === 0) return <p className="text-muted-foreground">{emptyText}</p>;
  return (
    <ol className="space-y-5 border-l-2 border-border pl-5">
      {entries.map((entry) => (
        <li key={entry.id} className="relative">
          <span
            className="absolute -left-[1.6rem] top-1.5 size-3 rounded-full border-2 border-card bg-primary"
            aria-hidden="true"
          />
          <p className="text-sm">
            <span className="font-semibold">{labelOf(activityTypes, entry.activityType)}</span>
            <span className="text-muted-foreground">
              {" · "}
              <LocalTime iso={entry.createdAt} style="long" />
            </span>
          </p>
          <p className="mt-0.5 whitespace-pre-line break-words">{entry.description}</p>
          <p className="text-sm text-muted-foreground">by {entry.performedBy}</p>
        </li>
      ))}
    </ol>
  );
}
