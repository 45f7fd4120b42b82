import jwt from "jsonwebtoken"
import type { WebhookNotification } from "../wire"
import type { WebhookConfig } from "./config"

/**
 * The Authorization header of a webhook (docs/service-api.md, "Webhook": optional Basic or Bearer token).
 * `jwt` mimics the official plugin that verifies an HS512 token whose claims repeat the
 * notification; it is signed with the configured key, else with the merchant's apiToken.
 */
export function webhookAuthorization(config: WebhookConfig, notification: WebhookNotification, merchantApiToken: string): string | undefined {
  switch (config.auth) {
    case "none":
      return undefined
    case "basic":
      return `Basic ${Buffer.from(config.token ?? "").toString("base64")}`
    case "bearer":
      return `Bearer ${config.token ?? ""}`
    case "jwt":
      return `Bearer ${signWebhookJwt(config, notification, merchantApiToken)}`
  }
}

function signWebhookJwt(config: WebhookConfig, notification: WebhookNotification, merchantApiToken: string): string {
  const claims = { loanId: notification.loanId, status: notification.status, cartId: notification.cartId }
  return jwt.sign(claims, config.token ?? merchantApiToken, {
    algorithm: "HS512",
    expiresIn: config.jwtTtlSeconds,
    noTimestamp: true,
  })
}
