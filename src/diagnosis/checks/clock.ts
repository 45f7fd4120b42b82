import { type Check, fail, ok, warn } from "../types"

/** The `Date` header has whole seconds, and the answer takes time to arrive: a few seconds apart is one clock. */
const SAME_CLOCK_MS = 5_000
/** Beyond this, a webhook JWT's `exp` reads wrongly on one side or the other. */
const JWT_RISK_MS = 60_000

const FIX = "Synchronize this server's clock with NTP (systemd-timesyncd, chrony, or the host's time service)."

/** The service's clock against this server's, from the `Date` header of its answer to `POST /auth`. */
export const clockCheck: Check = {
  id: "clock",
  async run(ctx) {
    const { options, client } = ctx.bnpl()
    await ctx.authenticate().catch(() => undefined)
    // Only an answer of this run counts: an older one says nothing about the service now.
    const clock = client.serviceClock
    if (!clock || clock.localMs < ctx.now.getTime())
      return warn("Not measured: the service sent no answer with a Date header.", "Make the credentials check pass first.")
    // The header is truncated to the second: its middle is the fairest reading.
    const skewMs = clock.localMs - (clock.serviceMs + 500)
    const seconds = Math.round(Math.abs(skewMs) / 1000)
    const side = skewMs > 0 ? "ahead of" : "behind"
    if (Math.abs(skewMs) <= SAME_CLOCK_MS) return ok("This server's clock agrees with the service's (within a few seconds).")
    const detail = `This server's clock is ${seconds} s ${side} the service's.`
    if (Math.abs(skewMs) > JWT_RISK_MS && options.webhookAuth === "jwt") {
      return fail(`${detail} Webhook JWTs may be refused as expired or not yet valid.`, FIX)
    }
    return warn(detail, FIX)
  },
}
