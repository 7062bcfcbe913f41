/**
 * RFC 3834 marks for mail no person typed, so vacation responders and other robots do not answer it
 * (X-Auto-Response-Suppress is Exchange's word for the same; bounces stay on). Every message this server
 * sends is written by the software: a notice, receipt or link is auto-generated (the outbox's default),
 * the acknowledgement of a form is an automatic reply to the person who sent it.
 */
import type { MailHeaders } from "~/db/schema";

export const AUTO_GENERATED: MailHeaders = {
  "Auto-Submitted": "auto-generated",
  "X-Auto-Response-Suppress": "OOF, AutoReply",
};

export const AUTO_REPLIED: MailHeaders = {
  "Auto-Submitted": "auto-replied",
  "X-Auto-Response-Suppress": "OOF, AutoReply",
};
