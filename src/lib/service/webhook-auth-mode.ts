import { z } from "zod"

/**
 * How the service's webhook proves where it comes from (docs/service-api.md, "Webhook"):
 * nothing, a Basic credential, a Bearer token, or an HS512 JWT whose claims repeat the
 * notification. One definition for the provider's options, its check and the sandbox's sender.
 */
export const WebhookAuthMode = z.enum(["none", "basic", "bearer", "jwt"])
export type WebhookAuthMode = z.infer<typeof WebhookAuthMode>
