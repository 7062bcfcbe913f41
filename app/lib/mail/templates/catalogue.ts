/**
 * Every e-mail template with sample data: the admins' preview (/admin/mail) renders these, and the
 * templates' tests read them. Samples are realistic, long where real data is long (a webhook URL, a
 * message of several lines), so the preview shows the worst case a phone must hold.
 */
import type { OutgoingMail } from "../outbox.server";
import {
  confirmationMail,
  existingAccountMail,
  invitationMail,
  invitationOfExistingMail,
  resetPasswordMail,
} from "./account";
import { feedbackDigestMail } from "./feedback";
import { careerNoticeMail, careerReceiptMail, contactNoticeMail, contactReceiptMail } from "./forms";
import { importReportMail } from "./imports";
import { newLeadsMail, type AssignedLead } from "./leads";
import type { OptOut } from "./opt-out";
import { feedbackReminderMail } from "./reminders";
import { returnDecisionMail, returnReceiptMail, returnRequestedNoticeMail } from "./returns";
import { webhookPausedMail, webhookPausedStaffMail } from "./webhooks";

export interface SampleMail {
  /** Stable, URL-safe: /admin/mail/<id>. */
  id: string;
  /** The event, as the preview lists it. */
  title: string;
  /** Who gets it. */
  audience: "visitor" | "staff" | "client" | "account" | "admin";
  render: (site: SampleSite) => OutgoingMail;
}

export interface SampleSite {
  siteUrl: string;
  contactEmail: string;
  notifyEmail: string;
  /** AGENCY_TIME_ZONE. */
  timeZone: string;
}

const token = "eyJ1IjoiNmI3ZjJjMWEiLCJrIjoibmV3X2xlYWRzIn0.q1w2e3r4t5y6u7i8o9p0";
const optOut = (site: SampleSite, kind: string): OptOut => ({
  unsubscribeUrl: `${site.siteUrl}/unsubscribe?token=${token}&kind=${kind}`,
  settingsUrl: `${site.siteUrl}/account#notifications`,
});

const sampleLeads: AssignedLead[] = [
  {
    id: "3f0c7a52-9d1e-4b8a-a6f1-0c2d9e7b4a11",
    name: "Dolores Van Der Berg-Martínez",
    city: "San Antonio",
    state: "TX",
    property: "Single Family",
    motivation: "Hot",
  },
  {
    id: "7b21e0d4-5c3f-4e9a-8b6d-2f1a0c9e8d22",
    name: "Earl Jenkins",
    city: "Gary",
    state: "IN",
    property: "Townhouse",
    motivation: "Warm",
  },
  {
    id: "c4d9f6a1-2b7e-4f30-9a85-6e1b3c0d7f33",
    name: "Nguyen Thi Mai",
    city: "Jacksonville",
    state: "FL",
    property: "Multi-Family",
    motivation: "Cold",
  },
];
const client = { to: "tom@tombuyshouses.com", greetingName: "Tom", companyName: "Tom Buys Houses LLC" };
const returned = { id: sampleLeads[1]!.id, name: "Earl Jenkins", city: "Gary", state: "IN" };
const webhookUrl =
  "https://hooks.tombuyshouses-acquisitions-crm.example.com/api/v2/integrations/leadworks/inbound-lead-events/9f8e7d6c5b4a39281706f5e4d3c2b1a0";

export const sampleMails: SampleMail[] = [
  {
    id: "contact-notice",
    title: "Contact form: the staff's notice",
    audience: "staff",
    render: (site) =>
      contactNoticeMail({
        to: site.notifyEmail,
        siteUrl: site.siteUrl,
        name: "Jane Investor",
        email: "jane.investor+leads@oakstreetbuyers-realestate-holdings.com",
        company: "Oak Street Buyers",
        subject: "Leads in Dallas County",
        message:
          "We want 200 leads a month in Dallas County.\nMostly absentee owners; see https://oakstreetbuyers-realestate-holdings.com/buy-box/dallas-county-absentee-owners-2026?utm_source=leadworks",
      }),
  },
  {
    id: "contact-receipt",
    title: "Contact form: the visitor's receipt",
    audience: "visitor",
    render: (site) =>
      contactReceiptMail({
        to: "jane@example.com",
        name: "Jane Investor",
        contactEmail: site.contactEmail,
        siteUrl: site.siteUrl,
        timeZone: site.timeZone,
      }),
  },
  {
    id: "career-notice",
    title: "Job application: the staff's notice",
    audience: "staff",
    render: (site) =>
      careerNoticeMail({
        to: site.notifyEmail,
        siteUrl: site.siteUrl,
        name: "Ann Lee",
        email: "ann@example.com",
        phone: "(555) 123-4567",
        position: "Cold Calling Specialist",
        experience: "4-5 years",
        resume: {
          fileId: "00000000-0000-4000-8000-000000000000",
          fileName: "Ann_Lee_resume_2026.pdf",
          contentType: "application/pdf",
        },
        coverLetter: "I have five years of acquisitions experience and enjoy working the phones every day.",
      }),
  },
  {
    id: "career-receipt",
    title: "Job application: the applicant's receipt",
    audience: "visitor",
    render: (site) =>
      careerReceiptMail({
        to: "ann@example.com",
        firstName: "Ann",
        position: "Cold Calling Specialist",
        contactEmail: site.contactEmail,
        siteUrl: site.siteUrl,
      }),
  },
  {
    id: "confirmation",
    title: "Sign-up: confirm the address",
    audience: "account",
    render: (site) =>
      confirmationMail({
        to: "maya@example.com",
        url: `${site.siteUrl}/auth/verify-email?token=${token}`,
        contactEmail: site.contactEmail,
      }),
  },
  {
    id: "existing-account",
    title: "Sign-up with an address that has an account",
    audience: "account",
    render: (site) =>
      existingAccountMail({
        to: "maya@example.com",
        signInUrl: `${site.siteUrl}/auth`,
        resetUrl: `${site.siteUrl}/auth/forgot-password`,
        contactEmail: site.contactEmail,
      }),
  },
  {
    id: "reset-password",
    title: "Password reset",
    audience: "account",
    render: (site) =>
      resetPasswordMail({
        to: "maya@example.com",
        url: `${site.siteUrl}/auth/reset-password?token=${token}`,
        contactEmail: site.contactEmail,
      }),
  },
  {
    id: "invitation",
    title: "Client invitation",
    audience: "account",
    render: (site) =>
      invitationMail({
        to: "ian@oakstreetbuyers.com",
        url: `${site.siteUrl}/auth/reset-password?token=${token}&invite=1`,
        companyName: "Oak Street Buyers",
        contactEmail: site.contactEmail,
      }),
  },
  {
    id: "invitation-of-existing",
    title: "Team invitation of an address that has an account",
    audience: "account",
    render: (site) =>
      invitationOfExistingMail({
        to: "ian@oakstreetbuyers.com",
        companyName: "Oak Street Buyers",
        signInUrl: `${site.siteUrl}/auth`,
        contactEmail: site.contactEmail,
      }),
  },
  {
    id: "new-lead",
    title: "New leads: one lead",
    audience: "client",
    render: (site) =>
      newLeadsMail({
        ...client,
        leads: sampleLeads.slice(0, 1),
        siteUrl: site.siteUrl,
        contactEmail: site.contactEmail,
        optOut: optOut(site, "new_leads"),
      }),
  },
  {
    id: "new-leads",
    title: "New leads: several at once",
    audience: "client",
    render: (site) =>
      newLeadsMail({
        ...client,
        leads: sampleLeads,
        count: 40,
        siteUrl: site.siteUrl,
        contactEmail: site.contactEmail,
        optOut: optOut(site, "new_leads"),
      }),
  },
  {
    id: "new-leads-daily",
    title: "New leads: the daily digest",
    audience: "client",
    render: (site) =>
      newLeadsMail({
        ...client,
        leads: sampleLeads,
        daily: true,
        siteUrl: site.siteUrl,
        contactEmail: site.contactEmail,
        optOut: optOut(site, "new_leads"),
      }),
  },
  {
    id: "feedback-reminder",
    title: "Reminder: one lead waits for feedback",
    audience: "client",
    render: (site) =>
      feedbackReminderMail({
        ...client,
        leads: [{ ...sampleLeads[0]!, deliveredAt: new Date("2026-11-27T14:05:00Z"), mine: true }],
        hours: 4,
        timeZone: site.timeZone,
        siteUrl: site.siteUrl,
        contactEmail: site.contactEmail,
        optOut: optOut(site, "lead_reminders"),
      }),
  },
  {
    id: "feedback-reminders",
    title: "Reminder: several leads wait for feedback",
    audience: "client",
    render: (site) =>
      feedbackReminderMail({
        ...client,
        leads: sampleLeads.map((lead, i) => ({
          ...lead,
          deliveredAt: new Date(Date.UTC(2026, 10, 27, 14 + i, 5)),
          mine: i === 0,
        })),
        count: 12,
        hours: 4,
        timeZone: site.timeZone,
        siteUrl: site.siteUrl,
        contactEmail: site.contactEmail,
        optOut: optOut(site, "lead_reminders"),
      }),
  },
  {
    id: "return-requested",
    title: "Return request: the staff's notice",
    audience: "staff",
    render: (site) =>
      returnRequestedNoticeMail({
        to: site.notifyEmail,
        siteUrl: site.siteUrl,
        client: "Tom Buys Houses LLC",
        clientEmail: client.to,
        lead: returned,
        reason: "Wrong or disconnected number",
        note: "Disconnected; called twice on Tuesday, 10:15 AM and 4:40 PM CT.",
      }),
  },
  {
    id: "return-receipt",
    title: "Return request: the client's receipt",
    audience: "client",
    render: (site) =>
      returnReceiptMail({
        ...client,
        lead: returned,
        reason: "Wrong or disconnected number",
        note: "Disconnected",
        siteUrl: site.siteUrl,
        contactEmail: site.contactEmail,
        optOut: optOut(site, "returns"),
      }),
  },
  {
    id: "return-approved",
    title: "Return decision: approved",
    audience: "client",
    render: (site) =>
      returnDecisionMail({
        ...client,
        lead: returned,
        approved: true,
        note: "",
        siteUrl: site.siteUrl,
        contactEmail: site.contactEmail,
        optOut: optOut(site, "returns"),
      }),
  },
  {
    id: "return-rejected",
    title: "Return decision: not accepted",
    audience: "client",
    render: (site) =>
      returnDecisionMail({
        ...client,
        lead: returned,
        approved: false,
        note: "The number rang through on our test call.",
        siteUrl: site.siteUrl,
        contactEmail: site.contactEmail,
        optOut: optOut(site, "returns"),
      }),
  },
  {
    id: "webhook-paused",
    title: "Webhook paused",
    audience: "client",
    render: (site) =>
      webhookPausedMail({
        ...client,
        url: webhookUrl,
        since: new Date("2026-11-25T14:05:00Z"),
        failures: 37,
        siteUrl: site.siteUrl,
        contactEmail: site.contactEmail,
      }),
  },
  {
    id: "import-finished",
    title: "Import: finished",
    audience: "admin",
    render: (site) =>
      importReportMail({
        to: "maria@leadworks.example",
        greetingName: "Maria",
        importId: "5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
        fileName: "PropStream export - Harris County absentee owners (Nov 2026).csv",
        outcome: { kind: "done" },
        rowsDone: 12_480,
        imported: 12_104,
        rejected: 311,
        duplicates: 65,
        siteUrl: site.siteUrl,
        optOut: optOut(site, "import_reports"),
      }),
  },
  {
    id: "import-failed",
    title: "Import: failed",
    audience: "admin",
    render: (site) =>
      importReportMail({
        to: "maria@leadworks.example",
        greetingName: "Maria",
        importId: "5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
        fileName: "cold-calling-list.csv",
        outcome: { kind: "failed", error: "Row 4,002: a quote opens a field that never closes" },
        rowsDone: 4_000,
        imported: 3_870,
        rejected: 130,
        duplicates: 0,
        siteUrl: site.siteUrl,
        optOut: optOut(site, "import_reports"),
      }),
  },
  {
    id: "webhook-paused-staff",
    title: "Webhook paused: the staff's notice",
    audience: "admin",
    render: (site) =>
      webhookPausedStaffMail({
        to: "maria@leadworks.example",
        greetingName: "Maria",
        clientId: "u8Kq2xNw5cTz",
        companyName: client.companyName,
        clientEmail: client.to,
        url: webhookUrl,
        since: new Date("2026-11-25T14:05:00Z"),
        failures: 37,
        lastError: "HTTP 502",
        timeZone: site.timeZone,
        siteUrl: site.siteUrl,
        optOut: optOut(site, "webhook_alerts"),
      }),
  },
  {
    id: "feedback-digest",
    title: "Client feedback: the staff's daily digest",
    audience: "admin",
    render: (site) =>
      feedbackDigestMail({
        to: "maria@leadworks.example",
        greetingName: "Maria",
        since: new Date("2026-11-27T14:05:00Z"),
        count: 31,
        entries: [
          {
            leadId: sampleLeads[0]!.id,
            leadName: sampleLeads[0]!.name,
            city: "San Antonio",
            state: "TX",
            company: client.companyName,
            status: "Interested",
            notes:
              "Spoke with her daughter; walkthrough booked for Thursday at 10 AM, wants a cash offer by Friday.",
            by: "Tom Baker (tom@tombuyshouses.com)",
            at: new Date("2026-11-27T19:42:00Z"),
          },
          {
            leadId: sampleLeads[1]!.id,
            leadName: sampleLeads[1]!.name,
            city: "Gary",
            state: "IN",
            company: "Oak Street Buyers",
            status: "Not Interested",
            reason: "Price",
            notes: "Asking $40k over ARV.",
            by: "Ian Okafor (ian@oakstreetbuyers.com)",
            at: new Date("2026-11-28T15:10:00Z"),
          },
          {
            leadId: sampleLeads[2]!.id,
            leadName: sampleLeads[2]!.name,
            city: "Jacksonville",
            state: "FL",
            company: client.companyName,
            status: "Deal Closed",
            notes: "",
            by: "Tom Baker (tom@tombuyshouses.com)",
            at: new Date("2026-11-30T13:55:00Z"),
          },
        ],
        timeZone: site.timeZone,
        siteUrl: site.siteUrl,
        optOut: optOut(site, "feedback_digest"),
      }),
  },
];
