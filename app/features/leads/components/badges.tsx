import {
  feedbackStatuses,
  importStatuses,
  labelOf,
  leadStatuses,
  motivationLevels,
  returnStates,
  type FeedbackStatus,
  type ImportStatus,
  type LeadStatus,
  type MotivationLevel,
  type ReturnState,
} from "~/db/enums";
import { returnStateColours } from "../insights/chart-colours";

// Spec 02 §4: motivation hot red, warm orange, cold blue; status new blue, qualified green, contacted
// yellow, appointment_set purple, sold emerald, dead grey (under_contract: teal, our choice). Every pair
// is a dark text on a light tint, so the label passes AA contrast.
const motivationColors: Record<MotivationLevel, string> = {
  hot: "bg-red-100 text-red-800 ring-red-200",
  warm: "bg-orange-100 text-orange-800 ring-orange-200",
  cold: "bg-blue-100 text-blue-800 ring-blue-200",
};

const statusColors: Record<LeadStatus, string> = {
  new: "bg-blue-100 text-blue-800 ring-blue-200",
  qualified: "bg-green-100 text-green-800 ring-green-200",
  contacted: "bg-yellow-100 text-yellow-900 ring-yellow-200",
  appointment_set: "bg-purple-100 text-purple-800 ring-purple-200",
  under_contract: "bg-teal-100 text-teal-800 ring-teal-200",
  sold: "bg-emerald-100 text-emerald-800 ring-emerald-200",
  dead: "bg-slate-200 text-slate-800 ring-slate-300",
};

const feedbackColors: Record<FeedbackStatus, string> = {
  not_reviewed: "bg-slate-100 text-slate-800 ring-slate-200",
  interested: "bg-green-100 text-green-800 ring-green-200",
  not_interested: "bg-red-100 text-red-800 ring-red-200",
  contacted: "bg-yellow-100 text-yellow-900 ring-yellow-200",
  deal_closed: "bg-emerald-100 text-emerald-800 ring-emerald-200",
};

const importColors: Record<ImportStatus, string> = {
  uploading: "bg-slate-100 text-slate-800 ring-slate-200",
  mapping: "bg-yellow-100 text-yellow-900 ring-yellow-200",
  queued: "bg-blue-100 text-blue-800 ring-blue-200",
  running: "bg-blue-100 text-blue-800 ring-blue-200",
  done: "bg-green-100 text-green-800 ring-green-200",
  cancelled: "bg-slate-200 text-slate-800 ring-slate-300",
  failed: "bg-red-100 text-red-800 ring-red-200",
};

function Badge({ className, children }: { className: string; children: React.ReactNode }) {
  return <span className={`badge ${className}`}>{children}</span>;
}

export const MotivationBadge = ({ value }: { value: MotivationLevel }) => (
  <Badge className={motivationColors[value]}>{labelOf(motivationLevels, value)}</Badge>
);

export const StatusBadge = ({ value }: { value: LeadStatus }) => (
  <Badge className={statusColors[value]}>{labelOf(leadStatuses, value)}</Badge>
);

export const FeedbackBadge = ({ value }: { value: FeedbackStatus }) => (
  <Badge className={feedbackColors[value]}>{labelOf(feedbackStatuses, value)}</Badge>
);

export const ImportStatusBadge = ({ value }: { value: ImportStatus }) => (
  <Badge className={importColors[value]}>{labelOf(importStatuses, value)}</Badge>
);

/**
 * A return's state in the palette's colours (insights/chart-colours.ts, issue 25): waiting amber,
 * approved green, rejected grey, as the charts draw them. The colour is a dot and a light tint; the label
 * stays dark, so it reads at AA whatever the hue. "Waiting" (for review), short enough for a row.
 */
export function ReturnStateBadge({ value }: { value: ReturnState }) {
  const colour = returnStateColours[value === "requested" ? "waiting" : value];
  return (
    <span
      title={labelOf(returnStates, value)}
      className="inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold text-foreground ring-1 ring-inset"
      style={{
        backgroundColor: `color-mix(in srgb, ${colour} 10%, white)`,
        ["--tw-ring-color" as string]: `color-mix(in srgb, ${colour} 45%, white)`,
      }}
    >
      <span aria-hidden="true" className="size-2 rounded-full" style={{ backgroundColor: colour }} />
      {value === "requested" ? "Waiting" : labelOf(returnStates, value)}
    </span>
  );
}
