/**
 * The POSTs of a webhook page (admin's or client's, the same form): save the URL, reveal or replace the
 * secret, remove the webhook, resume a paused one, resend a delivery (rate-limited: 429). Refusals (another client's webhook) go on to the server,
 * which answers 404.
 */
import { log } from "~/lib/log.server";
import { data } from "react-router";
import { parseForm, type FormReply } from "~/lib/form-reply";
import { formToasts } from "~/lib/form-toasts";
import { rethrowRefusal, type ActorRef } from "~/lib/permissions";
import { type Toast, errorToast } from "~/lib/toast-message";
import { webhookIntents, webhookUrlSchema, type WebhookIntent } from "./webhooks.schema";
import {
  removeWebhook,
  RESEND_LIMIT,
  resendWebhookDelivery,
  resumeWebhook,
  revealWebhookSecret,
  type ResendResult,
  rotateWebhookSecret,
  saveWebhookUrl,
  WebhookUrlError,
} from "./webhooks.server";

export const webhookToasts = {
  saved: { kind: "success", title: "Success", text: "Webhook saved" },
  created: {
    kind: "success",
    title: "Webhook saved",
    text: "Copy the signing secret now: you will need it to verify each delivery.",
  },
  rotated: {
    kind: "success",
    title: "New signing secret",
    text: "The old secret no longer verifies deliveries. Copy the new one now.",
  },
  revealed: { kind: "success", title: "Signing secret", text: "Keep it out of code and logs." },
  removed: { kind: "success", title: "Success", text: "Webhook removed" },
  resent: { kind: "success", title: "Success", text: "The event will be sent again" },
  resumed: { kind: "success", title: "Success", text: "Deliveries resumed: the kept events are being sent" },
  notPaused: errorToast("The webhook is not paused"),
  paused: {
    kind: "error",
    title: "Error",
    text: "The webhook is paused: resume deliveries first, and the kept events are sent in order",
  },
  resendLimit: {
    kind: "error",
    title: "Too many resends",
    text: `At most ${RESEND_LIMIT.max} resends every ${RESEND_LIMIT.windowMs / 60_000} minutes. Please try again in a few minutes.`,
  },
  noWebhook: errorToast("There is no webhook to change"),
  unreadable: {
    kind: "error",
    title: "Error",
    text: "The secret cannot be read (the server's secret changed). Generate a new one.",
  },
  deliveryNotFound: errorToast("Delivery not found, or being sent right now"),
  failed: errorToast("The change could not be saved. Please try again."),
} as const satisfies Record<string, Toast>;

export interface WebhookReply extends FormReply {
  intent: WebhookIntent | null;
  /** The signing secret, once: after the webhook is made, a new secret, or "Reveal secret". */
  secret?: string;
}

const reply = (body: WebhookReply, status = body.ok ? 200 : 400) => data<WebhookReply>(body, { status });

interface Answer {
  status: number;
  toast: Toast;
}

const resendAnswers: Record<ResendResult, Answer> = {
  resent: { status: 200, toast: webhookToasts.resent },
  "not-found": { status: 404, toast: webhookToasts.deliveryNotFound },
  paused: { status: 409, toast: webhookToasts.paused },
  "rate-limited": { status: 429, toast: webhookToasts.resendLimit },
};

const resumeAnswers: Record<Awaited<ReturnType<typeof resumeWebhook>>, Answer> = {
  resumed: { status: 200, toast: webhookToasts.resumed },
  "not-paused": { status: 409, toast: webhookToasts.notPaused },
  "no-webhook": { status: 404, toast: webhookToasts.noWebhook },
};

export async function handleWebhookPost(request: Request, actor: ActorRef, clientId: string) {
  const form = await request.formData();
  const raw = String(form.get("intent") ?? "");
  const intent = (webhookIntents as readonly string[]).includes(raw) ? (raw as WebhookIntent) : null;
  try {
    switch (intent) {
      case "save": {
        const submission = parseForm(form, webhookUrlSchema);
        if (submission.status !== "success") {
          return reply({ ok: false, intent, toast: formToasts.validation, result: submission.reply() });
        }
        try {
          const { secret } = await saveWebhookUrl(actor, clientId, submission.value.url);
          return reply({
            ok: true,
            intent,
            toast: secret ? webhookToasts.created : webhookToasts.saved,
            result: submission.reply(),
            ...(secret ? { secret } : {}),
          });
        } catch (error) {
          if (!(error instanceof WebhookUrlError)) throw error;
          return reply({
            ok: false,
            intent,
            toast: formToasts.validation,
            result: submission.reply({ fieldErrors: { url: [error.message] } }),
          });
        }
      }
      case "rotate": {
        const secret = await rotateWebhookSecret(actor, clientId);
        if (!secret) return reply({ ok: false, intent, toast: webhookToasts.noWebhook }, 404);
        return reply({ ok: true, intent, toast: webhookToasts.rotated, secret });
      }
      case "reveal": {
        const secret = await revealWebhookSecret(actor, clientId);
        if (!secret) return reply({ ok: false, intent, toast: webhookToasts.unreadable }, 409);
        return reply({ ok: true, intent, toast: webhookToasts.revealed, secret });
      }
      case "remove": {
        if (!(await removeWebhook(actor, clientId))) {
          return reply({ ok: false, intent, toast: webhookToasts.noWebhook }, 404);
        }
        return reply({ ok: true, intent, toast: webhookToasts.removed });
      }
      case "resend": {
        const deliveryId = String(form.get("deliveryId") ?? "");
        const answer = resendAnswers[await resendWebhookDelivery(actor, clientId, deliveryId)];
        return reply({ ok: answer.status === 200, intent, toast: answer.toast }, answer.status);
      }
      case "resume": {
        const answer = resumeAnswers[await resumeWebhook(actor, clientId)];
        return reply({ ok: answer.status === 200, intent, toast: answer.toast }, answer.status);
      }
      default:
        return reply({
          ok: false,
          intent: null,
          toast: errorToast("Unknown request"),
        });
    }
  } catch (error) {
    rethrowRefusal(error);
    log.warn({ error }, `[webhooks] ${intent} failed`);
    return reply({ ok: false, intent, toast: webhookToasts.failed }, 500);
  }
}
