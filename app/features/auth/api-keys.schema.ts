/** The form that creates an API key (/admin/api-keys) and the one that revokes one. */
import { apiScopes } from "~/lib/permissions";
import { z } from "~/lib/zod";

export const API_KEY_NAME_MAX = 100;

export const apiKeyMessages = {
  name: "Name is required",
  nameTooLong: "Name must be less than 100 characters",
  scopes: "Choose at least one scope",
} as const;

export const apiScopeOptions = [
  { value: "leads:write", label: "leads:write", description: "Send new leads (POST /api/v1/leads)" },
  { value: "leads:read", label: "leads:read", description: "Read leads (GET /api/v1/leads)" },
] as const satisfies readonly { value: (typeof apiScopes)[number]; label: string; description: string }[];

export const createApiKeySchema = z.object({
  name: z.string().trim().min(1, apiKeyMessages.name).max(API_KEY_NAME_MAX, apiKeyMessages.nameTooLong),
  scopes: z.array(z.enum(apiScopes)).min(1, apiKeyMessages.scopes),
});
export type CreateApiKeyInput = z.output<typeof createApiKeySchema>;

export const revokeApiKeySchema = z.object({ keyId: z.guid() });
