import { z } from "zod"

export const WebhookAuth = z.enum(["none", "basic", "bearer", "jwt"])
export type WebhookAuth = z.infer<typeof WebhookAuth>

export const WebhookConfig = z
  .strictObject({
    auth: WebhookAuth.default("none"),
    /**
     * basic: the whole "user:pass" credential; bearer: the token itself;
     * jwt: the HS512 key (defaults to the merchant's apiToken, as an official plugin expects).
     */
    token: z.string().min(1).optional(),
    retries: z.number().int().min(0).max(10).default(3),
    backoffMs: z.number().int().nonnegative().default(500),
    timeoutMs: z.number().int().positive().default(10_000),
    jwtTtlSeconds: z.number().int().positive().default(300),
  })
  .refine((config) => config.token !== undefined || config.auth === "none" || config.auth === "jwt", {
    message: "webhook.token is required when webhook.auth is basic or bearer",
    path: ["token"],
  })
export type WebhookConfig = z.infer<typeof WebhookConfig>
export type WebhookConfigInput = z.input<typeof WebhookConfig>
