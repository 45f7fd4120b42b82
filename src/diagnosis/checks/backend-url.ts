import { OPTION_ENV } from "../../lib/options/options"
import { type Check, fail, ok } from "../types"
import { probeUrl } from "./probe-url"

/** What the webhook route's GET answers (src/api/hooks/bnpl/route.ts). */
export const WEBHOOK_READY = { ready: true } as const

const CAVEAT = "This server reaching itself does not prove the service can: the webhook record shows what the service really sent."

/**
 * The webhook URL given to the service is `{backendUrl}/hooks/bnpl`: in production it must be
 * https, and the route must answer through it (a GET, which processes nothing).
 */
export const backendUrlCheck: Check = {
  id: "backend_url",
  async run(ctx) {
    const { options } = ctx.bnpl()
    const url = options.webHookUrl
    const fix = `Set ${OPTION_ENV.backendUrl} to this server's public URL, as the service reaches it (the URL of the load balancer or proxy in front of Medusa).`
    if (ctx.nodeEnv === "production" && !url.startsWith("https://")) {
      return fail(`The webhook URL ${url} is not https while NODE_ENV is production.`, `${fix} It must start with https://.`)
    }
    const probe = await probeUrl(url, options.timeoutMs)
    if (!probe.answered) return fail(`GET ${url} got no answer (${probe.reason}).`, fix)
    const ready = probe.status === 200 && (probe.body as { ready?: unknown } | undefined)?.ready === WEBHOOK_READY.ready
    if (!ready) {
      return fail(`GET ${url} answered HTTP ${probe.status}, not this plugin's webhook route.`, `${fix} A proxy may route /hooks/bnpl elsewhere.`)
    }
    return ok(`The webhook route answers at ${url}. ${CAVEAT}`)
  },
}
