/** The admins' mail preview (/admin/mail): every template rendered with sample data and this site's addresses. */
import { env } from "~/lib/env.server";
import type { OutgoingMail } from "./outbox.server";
import { sampleMails, type SampleMail } from "./templates/catalogue";

export interface PreviewEntry {
  id: string;
  title: string;
  audience: SampleMail["audience"];
}

export const previewEntries = (): PreviewEntry[] =>
  sampleMails.map(({ id, title, audience }) => ({ id, title, audience }));

/** The sample message `id` as it would be sent, or null for an unknown id. */
export function previewMail(id: string): (OutgoingMail & PreviewEntry) | null {
  const sample = sampleMails.find((mail) => mail.id === id);
  if (!sample) return null;
  const config = env();
  const mail = sample.render({
    siteUrl: config.SITE_URL,
    contactEmail: config.CONTACT_EMAIL,
    notifyEmail: config.NOTIFY_EMAIL,
    timeZone: config.AGENCY_TIME_ZONE,
  });
  return { ...mail, id: sample.id, title: sample.title, audience: sample.audience };
}
