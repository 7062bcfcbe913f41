import { useEffect } from "react";
import { data } from "react-router";
import type { Route } from "./+types/dashboard";
import { errorToast } from "~/lib/toast-message";
import { showToastNow } from "~/lib/toast";
import { isUuid } from "~/lib/data-guards";
import { rethrowRefusal } from "~/lib/permissions";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { Pagination } from "~/components/ui/pagination";
import { requireArea } from "~/features/auth/access.server";
import { noStoreHeaders, privatePageMeta } from "~/features/auth/seo";
import {
  CareerList,
  ContactList,
  ListToolbar,
  Tabs,
} from "~/features/submissions/components/submission-lists";
import { WeeklyChart } from "~/features/submissions/components/weekly-chart";
import { parseListQuery, submissionKinds } from "~/features/submissions/submissions.schema";
import {
  dashboardCounts,
  listCareerApplications,
  listContactSubmissions,
  setHandled,
  weeklyCounts,
} from "~/features/submissions/submissions.server";
import { log } from "~/lib/log.server";
import { PageTitle } from "~/components/ui/page-title";
import { adminHome } from "~/features/leads/admin-home.server";
import { WorkQueue } from "~/features/leads/components/work-queue";

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireArea(request, "admin");
  const query = parseListQuery(new URL(request.url));
  try {
    const [home, counts, weeks, contact, career] = await Promise.all([
      adminHome(actor),
      dashboardCounts(actor),
      weeklyCounts(actor),
      query.tab === "contact" ? listContactSubmissions(actor, query) : null,
      query.tab === "career" ? listCareerApplications(actor, query) : null,
    ]);
    return { query, home, counts, weeks, contact, career, loadFailed: false };
  } catch (error) {
    rethrowRefusal(error);
    log.warn({ error }, "[admin] dashboard data failed");
    return data(
      {
        query,
        home: null,
        counts: { total: 0, contact: 0, career: 0 },
        weeks: [],
        contact: null,
        career: null,
        loadFailed: true,
      },
      { status: 503 },
    );
  }
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireArea(request, "admin");
  const form = await request.formData();
  const kind = submissionKinds.find((k) => k === form.get("kind"));
  const id = String(form.get("id") ?? "");
  if (form.get("intent") !== "set-handled" || !kind || !isUuid(id)) {
    throw data("Bad request", { status: 400 });
  }
  if (!(await setHandled(actor, kind, id, form.get("handled") === "true")))
    throw data("Not found", { status: 404 });
  return { ok: true };
}

export const headers: Route.HeadersFunction = () => noStoreHeaders;

export const meta: Route.MetaFunction = () => privatePageMeta("Dashboard");

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { query, home, counts, weeks, contact, career, loadFailed } = loaderData;
  const live = useLiveRevalidation("/admin/events", "submission");
  // The things to do follow the leads, returns and imports as they change.
  useLiveRevalidation("/admin/leads/events", "lead");
  useEffect(() => {
    if (loadFailed) showToastNow(errorToast("Failed to fetch data"));
  }, [loadFailed]);
  const page = contact ?? career;
  return (
    <section aria-labelledby="dashboard-heading">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <PageTitle id="dashboard-heading">Dashboard</PageTitle>
          <p className="mt-1 text-muted-foreground">
            What waits for the agency, then the contact messages and job applications, newest first.
          </p>
        </div>
        <p className="flex items-center gap-2 text-sm text-muted-foreground" aria-live="polite">
          <span
            className={live ? "size-2 rounded-full bg-success" : "size-2 rounded-full bg-slate-400"}
            aria-hidden="true"
          />
          {live ? "Live: new submissions appear automatically" : "Connecting to live updates..."}
        </p>
      </div>

      {home && (
        <div className="mt-6">
          <WorkQueue home={home} />
        </div>
      )}

      <h2 className="mt-10 text-xl font-bold">Submissions</h2>
      <div className="mt-3 grid gap-4 lg:grid-cols-[2fr_3fr]">
        <dl className="grid content-start grid-cols-3 gap-3">
          {[
            ["Total submissions", counts.total],
            ["Contact inquiries", counts.contact],
            ["Career applications", counts.career],
          ].map(([label, value]) => (
            <div key={label} className="rounded-2xl border border-border bg-card p-4 shadow-sm">
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="mt-1 text-3xl font-extrabold" data-testid={`count-${label}`}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        {weeks.length > 0 && <WeeklyChart weeks={weeks} />}
      </div>

      <div className="mt-8">
        <Tabs query={query} counts={counts} />
        <ListToolbar query={query} />
        {loadFailed ? (
          <p role="alert" className="rounded-2xl border border-red-300 bg-red-50 p-6 text-red-900">
            Failed to fetch data
          </p>
        ) : (
          <>
            {contact && <ContactList rows={contact.rows} />}
            {career && <CareerList rows={career.rows} />}
            {page && <Pagination page={page.page} pageCount={page.pageCount} />}
          </>
        )}
      </div>
    </section>
  );
}
