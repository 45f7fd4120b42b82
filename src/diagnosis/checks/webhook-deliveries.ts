import { ledgerOf } from "../../lib/ledger/ledger"
import { OPTION_ENV } from "../../lib/options/options"
import { type Check, ok, warn } from "../types"

/** How many of the latest deliveries the detail lists. */
const LATEST = 5

/**
 * The latest webhook deliveries, as the route recorded them: a rejected or failed latest one is
 * a warning (the service's notifications do not get through); none at all is fine until a loan is paid.
 */
export const webhookDeliveriesCheck: Check = {
  id: "webhook_deliveries",
  async run(ctx) {
    const rows = await ledgerOf(ctx.container).listBnplWebhookDeliveries({}, { take: LATEST, order: { received_at: "DESC", id: "DESC" } })
    if (!rows.length) return ok("No webhook delivery recorded in the last 30 days.")
    const list = rows
      .map(
        (row) => `${new Date(row.received_at).toISOString()} loan ${row.loan_id ?? "?"}: ${row.outcome} (HTTP ${row.http_status}, auth ${row.auth})`,
      )
      .join("; ")
    const [latest] = rows
    if (latest.outcome === "rejected" && latest.auth === "rejected") {
      return warn(
        `The latest delivery was rejected: ${latest.reason ?? "authentication failed"}. Latest: ${list}.`,
        `Make ${OPTION_ENV.webhookAuth} and ${OPTION_ENV.webhookToken} match what the service sends (a forged request is also rejected this way).`,
      )
    }
    if (latest.http_status >= 500) {
      return warn(
        `The latest delivery could not be processed (HTTP ${latest.http_status}). Latest: ${list}.`,
        "Read Medusa's log for [bnpl] webhook lines; the service sends it again.",
      )
    }
    return ok(`Latest deliveries: ${list}.`)
  },
}
