import { createHash } from "crypto"
import { BnplClient, type ClientConfig } from "./client"

/**
 * The process's one client for a configuration. The provider lives in the payment module's
 * container and the routes, workflows and jobs in the application's, so no container is shared
 * by both: the process is. One client means one spare token (spare-token.ts) and one view of
 * the service's clock for everyone. The key holds a digest of the API token, never the token.
 */
const clients = new Map<string, BnplClient>()

export function sharedClient(config: ClientConfig): BnplClient {
  const key = JSON.stringify([
    config.authUrl,
    config.baseUrl,
    config.merchantUrl,
    config.merchantId,
    createHash("sha256").update(config.apiToken).digest("hex"),
    config.timeoutMs,
    config.retries,
  ])
  let client = clients.get(key)
  if (!client) clients.set(key, (client = new BnplClient(config)))
  return client
}
