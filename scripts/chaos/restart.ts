import { loanCheckouts } from "../harness/checkouts"
import { mapLimited, sleep } from "../harness/pool"
import { countBy } from "../harness/stats"
import type { ChaosContext } from "./context"
import { checkLedger, ledgerScope, ordersWithoutAuthorizedSession } from "./lib/ledger"
import { reconcileUntilQuiet } from "./lib/reconcile"
import { waitForChains } from "./lib/webhook-chains"
import { Expectations, type Scenario, type ScenarioResult } from "./scenario"

/** Customers paying at once while Medusa dies: enough that some webhooks are mid-flight. */
const PAYING_AT_ONCE = 6
/** The payments are spread over this long, so that webhooks arrive before, during and after the restart. */
const STREAM_MS = 15_000
/**
 * How long Medusa stays dead before it is started again. The sandbox retries a webhook for
 * 3.5 s (0.5 + 1 + 2); staying down longer than that loses some for good, which only
 * reconciliation can then recover.
 */
const DOWN_MS = 5_000

/**
 * Medusa is killed (SIGKILL, no shutdown) while webhooks stream in, and started again on
 * the same port. Webhooks that hit the dead process fail and are retried by the sandbox,
 * some after Medusa is back, some never; reconciliation must find the rest.
 */
export const restartScenario: Scenario = {
  name: "restart",
  async run(ctx: ChaosContext): Promise<ScenarioResult> {
    const { sandbox, probe, db } = ctx.stack
    const n = ctx.sizes.restartWebhooks
    const loans = await loanCheckouts(ctx.api, await ctx.carts.carts(n), 4)
    const scope = await ledgerScope(
      db,
      loans.map((loan) => loan.cartId),
    )
    const firstDelivery = probe.deliveries.length
    const killAfter = Math.floor(n / 3)
    let paid = 0
    let downtimeMs = 0
    let paidAtKill = 0
    const killer = (async () => {
      for (let waited = 0; paid < killAfter && waited < 120_000; waited += 20) await sleep(20)
      const killedAt = Date.now()
      paidAtKill = paid
      await ctx.medusa.kill()
      ctx.say(`restart: Medusa killed after ${paidAtKill} payments; starting it again in ${DOWN_MS / 1000} s…`)
      await sleep(DOWN_MS)
      await ctx.medusa.start()
      downtimeMs = Date.now() - killedAt
    })()
    let payFailures = 0
    const started = Date.now()
    await mapLimited(loans, PAYING_AT_ONCE, async (loan, i) => {
      await sleep(started + (i * STREAM_MS) / loans.length - Date.now())
      await sandbox.pay(loan.loanId).catch(() => payFailures++)
      paid++
    })
    await killer
    await waitForChains(
      () => probe.deliveries.slice(firstDelivery),
      loans.map((l) => l.loanId),
      ctx.webhookRetries,
      60_000,
    )
    const before = await checkLedger(sandbox, db, scope)
    const passes = await reconcileUntilQuiet(ctx)
    const after = await checkLedger(sandbox, db, scope)
    const unrecorded = await ordersWithoutAuthorizedSession(db, [...scope.carts])
    const deliveries = probe.deliveries.slice(firstDelivery)
    return {
      figures: {
        "loans paid": after.paidLoans,
        "killed after payments": paidAtKill,
        "downtime (s)": (downtimeMs / 1000).toFixed(1),
        "webhook deliveries": countBy(deliveries, (d) => d.status ?? "no reply"),
        "orders before reconciliation": before.orders,
        reconciliation: passes,
        "orders after reconciliation": after.orders,
        "orders a cut-short completion left, listed for the admin": after.listedWithoutCart,
        violations: after.violations.length,
        "orders whose bnpl session is not authorized": unrecorded.length ? unrecorded.join(", ") : 0,
      },
      failures: new Expectations()
        .that(
          payFailures === 0 && after.paidLoans === loans.length,
          `${after.paidLoans} of ${loans.length} loans paid (${payFailures} payments failed)`,
        )
        .that(after.violations.length === 0, `ledger: ${after.violations.slice(0, 5).join("; ")}`)
        .that(unrecorded.length === 0, `orders whose bnpl session is not authorized: ${unrecorded.join(", ")}`).failures,
    }
  },
}
