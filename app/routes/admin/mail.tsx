/**
 * /admin/mail: every e-mail the product sends, rendered with sample data, at 600 px (a desktop client's
 * column) and 390 px (a phone) side by side, with its subject, header fields and plain-text part.
 * Admins only (the loader). The HTML sits in srcdoc frames, which inherit this page's Content-Security-
 * Policy: no inline script could run in them (it has no nonce), and the templates escape every value.
 */
import { data, Link } from "react-router";
import type { Route } from "./+types/mail";
import { requireArea } from "~/features/auth/access.server";
import { noStoreHeaders, privatePageMeta } from "~/features/auth/seo";
import { AUTO_GENERATED } from "~/lib/mail/auto-submitted";
import { previewEntries, previewMail } from "~/lib/mail/preview.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireArea(request, "admin");
  const entries = previewEntries();
  const id = new URL(request.url).searchParams.get("template") ?? entries[0]!.id;
  const mail = previewMail(id);
  if (!mail) throw data("No such template", { status: 404 });
  return {
    entries,
    mail: {
      id: mail.id,
      title: mail.title,
      to: mail.to,
      replyTo: mail.replyTo ?? null,
      subject: mail.subject,
      headers: { ...AUTO_GENERATED, ...mail.headers },
      attachments: (mail.attachments ?? []).map((file) => file.fileName),
      text: mail.text,
      html: mail.html,
    },
  };
}

export const headers: Route.HeadersFunction = () => noStoreHeaders;

export const meta: Route.MetaFunction = () => privatePageMeta("E-mails");

const widths = [600, 390] as const;

export default function AdminMail({ loaderData }: Route.ComponentProps) {
  const { entries, mail } = loaderData;
  return (
    <section aria-labelledby="mail-heading" className="space-y-6">
      <div>
        <h1 id="mail-heading" className="text-3xl font-extrabold tracking-tight">
          E-mails
        </h1>
        <p className="mt-1 max-w-3xl text-muted-foreground">
          Every message the product sends, with sample data, as a desktop mail client (600 px) and a phone
          (390 px) show it. Sample links point at this site but carry made-up tokens.
        </p>
      </div>
      <nav aria-label="Templates">
        <ul className="flex flex-wrap gap-2">
          {entries.map((entry) => (
            <li key={entry.id}>
              <Link
                to={`?template=${entry.id}`}
                aria-current={entry.id === mail.id ? "page" : undefined}
                className="inline-block rounded-full border border-border px-3 py-1 text-sm hover:bg-muted aria-[current=page]:border-primary aria-[current=page]:bg-primary aria-[current=page]:text-primary-foreground"
              >
                {entry.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="rounded-lg border border-border p-4">
        <h2 className="text-lg font-bold">{mail.title}</h2>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm [overflow-wrap:anywhere]">
          <dt className="text-muted-foreground">Subject</dt>
          <dd className="font-semibold">{mail.subject}</dd>
          <dt className="text-muted-foreground">To</dt>
          <dd>{mail.to}</dd>
          {mail.replyTo && (
            <>
              <dt className="text-muted-foreground">Reply-To</dt>
              <dd>{mail.replyTo}</dd>
            </>
          )}
          {Object.entries(mail.headers).map(([name, value]) => (
            <div key={name} className="contents">
              <dt className="text-muted-foreground">{name}</dt>
              <dd className="font-mono text-xs">{value}</dd>
            </div>
          ))}
          {mail.attachments.length > 0 && (
            <>
              <dt className="text-muted-foreground">Attachments</dt>
              <dd>{mail.attachments.join(", ")}</dd>
            </>
          )}
        </dl>
      </div>
      <div className="flex flex-wrap items-start gap-6">
        {widths.map((width) => (
          <figure key={width} className="max-w-full">
            <figcaption className="mb-2 text-sm font-semibold">{width} px</figcaption>
            <iframe
              title={`${mail.title} at ${width} px`}
              srcDoc={mail.html}
              width={width}
              height={900}
              className="max-w-full rounded-md border border-border bg-white"
            />
          </figure>
        ))}
      </div>
      <div>
        <h2 className="text-lg font-bold">Plain-text part</h2>
        <pre className="mt-2 max-w-[72ch] whitespace-pre-wrap rounded-md border border-border bg-muted p-4 text-sm [overflow-wrap:anywhere]">
          {mail.text}
        </pre>
      </div>
    </section>
  );
}
