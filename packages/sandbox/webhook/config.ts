import { z } from "zod"

/**
 * How the webhook proves where it comes from (docs/service-api.md, "Webhook"): nothing, the
 * documented Basic or Bearer token, or the HS512 JWT one official plugin receives.
 */
export const WebhookAuth = z.enum(["none", "basic", "bearer", "jwt"])
export type WebhookAuth = z.infer<typeof WebhookAuth>

const settings = {
  auth: WebhookAuth,
  /**
   * basic: the whole "user:pass" credential; bearer: the token itself;
   * jwt: the HS512 key (defaults to the merchant's apiToken, as an official plugin expects).
   */
  token: z.string().min(1),
  /**
   * Where every webhook goes, instead of the loan's own `webHookUrl`: for a store whose
   * BNPL_BACKEND_URL is a public address the sandbox cannot reach from where it runs.
   */
  url: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }),
  /** Retries after the first attempt; 0 turns them off. */
  retries: z.number().int().min(0).max(10),
  /** Wait before the first retry; doubled before each next one. */
  backoffMs: z.number().int().nonnegative(),
  timeoutMs: z.number().int().positive(),
  jwtTtlSeconds: z.number().int().positive(),
}

/** A change to the live webhook configuration: only the keys given change. */
export const WebhookConfigPatch = z.strictObject(settings).partial()
export type WebhookConfigPatch = z.infer<typeof WebhookConfigPatch>

export const WebhookConfig = z
  .strictObject({
    auth: settings.auth.default("none"),
    token: settings.token.optional(),
    url: settings.url.optional(),
    // The service sends the webhook once (docs/service-api.md, "The webhook"): retries are opt-in.
    retries: settings.retries.default(0),
    backoffMs: settings.backoffMs.default(500),
    timeoutMs: settings.timeoutMs.default(10_000),
    jwtTtlSeconds: settings.jwtTtlSeconds.default(300),
  })
  .refine((config) => config.token !== undefined || config.auth === "none" || config.auth === "jwt", {
    message: "webhook.token is required when webhook.auth is basic or bearer",
    path: ["token"],
  })
export type WebhookConfig = z.infer<typeof WebhookConfig>
export type WebhookConfigInput = z.input<typeof WebhookConfig>
