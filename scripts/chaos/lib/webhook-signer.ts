import jwt from "jsonwebtoken"
import type { WebhookNotification } from "../../../src/lib/service/wire"
import { WebhookConfig } from "../../../packages/sandbox/webhook/config"
import { webhookAuthorization } from "../../../packages/sandbox/webhook/authorization"
import type { Secrets } from "../../harness/stack"

/** The notification the service sends when a loan's first installment is paid (docs/service-api.md, "Webhook"). */
export function notification(secrets: Secrets, cartId: string, loanId: number): WebhookNotification {
  return { status: "Activo", loanId, cartId, merchantId: secrets.merchantId }
}

/** The Authorization header the sandbox itself would send (its own signing code, jwt mode). */
export function genuineAuthorization(secrets: Secrets, body: WebhookNotification): string {
  const config = WebhookConfig.parse({ auth: "jwt", token: secrets.webhookToken })
  const header = webhookAuthorization(config, body, secrets.apiToken)
  if (!header) throw new Error("jwt mode produced no Authorization header")
  return header
}

/** A forged or stale variant: any claims, any key, any algorithm, any expiry. */
export function signed(claims: Record<string, unknown>, key: string, algorithm: jwt.Algorithm = "HS512"): string {
  return `Bearer ${jwt.sign(claims, key, { algorithm, noTimestamp: true })}`
}
