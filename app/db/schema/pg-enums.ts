/** The database enumerations. */
import { pgEnum } from "drizzle-orm/pg-core";
import {
  activityTypes,
  appRoles,
  clientMemberRoles,
  experienceLevels,
  feedbackStatuses,
  importStatuses,
  notInterestedReasons,
  returnReasons,
  returnStates,
  leadStatuses,
  mailStatuses,
  motivationLevels,
  newLeadsMailChoices,
  positions,
  propertyTypes,
  valuesOf,
  webhookDeliveryStatuses,
  webhookEventTypes,
} from "../enums";

// The values and their order come from enums.ts, the one list each form, select and badge also reads.
export const appRole = pgEnum("app_role", appRoles);
export const clientMemberRole = pgEnum("client_member_role", clientMemberRoles);
export const propertyType = pgEnum("property_type", valuesOf(propertyTypes));
export const motivationLevel = pgEnum("motivation_level", valuesOf(motivationLevels));
export const newLeadsMail = pgEnum("new_leads_mail", valuesOf(newLeadsMailChoices));
export const leadStatus = pgEnum("lead_status", valuesOf(leadStatuses));
export const clientFeedbackStatus = pgEnum("client_feedback_status", valuesOf(feedbackStatuses));
/** The spec's five user-entered types, the feedback flow's type, and system entries for the timeline. */
export const activityType = pgEnum("activity_type", valuesOf(activityTypes));
export const positionInterest = pgEnum("position_interest", valuesOf(positions));
export const experienceLevel = pgEnum("experience_level", valuesOf(experienceLevels));
export const mailStatus = pgEnum("mail_status", mailStatuses);
export const importStatus = pgEnum("import_status", valuesOf(importStatuses));
export const returnReason = pgEnum("return_reason", valuesOf(returnReasons));
export const notInterestedReason = pgEnum("not_interested_reason", valuesOf(notInterestedReasons));
export const returnState = pgEnum("return_state", valuesOf(returnStates));
export const webhookEventType = pgEnum("webhook_event_type", valuesOf(webhookEventTypes));
export const webhookDeliveryStatus = pgEnum("webhook_delivery_status", valuesOf(webhookDeliveryStatuses));
