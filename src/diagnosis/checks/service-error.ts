import { BnplServiceError } from "../../lib/service/client"
import { OPTION_ENV } from "../../lib/options/options"

/**
 * What to change when a call to the service fails: the credentials for a refusal, the host
 * and the network for no answer. The client's messages carry no secret (client.ts).
 */
export function serviceFix(error: unknown, host: "authUrl" | "baseUrl"): string {
  const credentials = `${OPTION_ENV.apiToken} and ${OPTION_ENV.merchantId}`
  if (error instanceof BnplServiceError && error.isRefusal) {
    return `Check ${credentials} against what the service issued you: development and production credentials differ, and so do their hosts (${OPTION_ENV[host]}).`
  }
  if (error instanceof BnplServiceError && error.kind === "http") {
    return "The service answered with an error of its own: try again in a few minutes, and ask the service if it persists."
  }
  return `Check ${OPTION_ENV[host]}, and that this server can reach it (firewall, DNS, outbound proxy).`
}

export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error))
