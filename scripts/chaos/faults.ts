import type { FaultConfig, WebhookDelivery } from "../../packages/sandbox"
import { mapLimited } from "../harness/pool"
import { countBy } from "../harness/stats"
import type { ChaosContext } from "./context"
import { checkoutAndPay, type CustomerOutcome } from "./lib/customer"
import { checkLedger, ledgerScope, ordersWithoutAuthorizedSession } from "./lib/ledger"
import { reconcileUntilQuiet } from "./lib/reconcile"
import { waitForChains } from "./lib/webhook-chains"
import { Expectations, type Scenario, type ScenarioResult } from "./scenario"

/** One mix of faults on every service endpoint, and on the webhooks (docs/benchmarks.md, "faults"). */
const ENDPOINT: FaultConfig["status"] = { errorRate: 0.2, errorStatus: 503, hangRate: 0.1, malformedRate: 0.05 }
export const FAULTS: FaultConfig = {
  auth: ENDPOINT,
  loan: { ...ENDPOINT, errorStatus: 500 },
  status: ENDPOINT,
  cancel: { ...ENDPOINT, errorStatus: 500 },
  webhook: { dropRate: 0.3, duplicateRate: 0.1 },
}

/**
 * Checkouts while the service fails: 20 % 5xx, 10 % hangs past BNPL_TIMEOUT_MS, 5 %
 * truncated JSON on every endpoint; 30 % of webhooks dropped, 10 % sent twice. Then the
 * faults stop and reconciliation runs. Every paid loan must end with exactly one order,
 * and no order may exist without a paid loan.
 */
export const faultsScenario: Scenario = {
  name: "faults",
  async run(ctx: ChaosContext): Promise<ScenarioResult> {
    const { sandbox, probe, db } = ctx.stack
    const carts = await ctx.carts.carts(ctx.sizes.faultCheckouts)
    const scope = await ledgerScope(
      db,
      carts.map((cart) => cart.cartId),
    )
    const firstDelivery = probe.deliveries.length
    sandbox.setFaults(FAULTS)
    let outcomes: CustomerOutcome[]
    try {
      const done = await mapLimited(carts, ctx.sizes.concurrency, (cart) => checkoutAndPay(ctx.api, sandbox, cart), Date.now() + 300_000)
      outcomes = done.filter((outcome): outcome is CustomerOutcome => outcome !== undefined)
      const paid = outcomes.flatMap((o) => (o.loanId !== undefined && !o.payError ? [o.loanId] : []))
      await waitForChains(() => probe.deliveries.slice(firstDelivery), paid, ctx.webhookRetries, 90_000)
    } finally {
      sandbox.setFaults({})
    }
    const before = await checkLedger(sandbox, db, scope)
    const passes = await reconcileUntilQuiet(ctx)
    const after = await checkLedger(sandbox, db, scope)
    const unrecorded = await ordersWithoutAuthorizedSession(db, [...scope.carts])
    const deliveries = probe.deliveries.slice(firstDelivery)
    const figures = {
      checkouts: carts.length,
      driven: outcomes.length,
      "sessions started": outcomes.filter((o) => o.loanId !== undefined).length,
      "failed session attempts": failedAttempts(outcomes),
      "pay errors": outcomes.filter((o) => o.payError).length,
      "loans paid": after.paidLoans,
      "webhook deliveries": countBy(deliveries, deliveryOutcome),
      "orders before reconciliation": before.orders,
      reconciliation: passes,
      "orders after reconciliation": after.orders,
      violations: after.violations.length,
      "orders whose bnpl session is not authorized": unrecorded.length ? unrecorded.join(", ") : 0,
    }
    const expect = new Expectations()
      .that(outcomes.length === carts.length, `only ${outcomes.length} of ${carts.length} checkouts were driven before the deadline`)
      .that(after.violations.length === 0, `ledger: ${after.violations.slice(0, 5).join("; ")}`)
      .that(after.paidLoans > 0, "no loan was paid at all: the scenario tested nothing")
      .that(unrecorded.length === 0, `orders whose bnpl session is not authorized: ${unrecorded.join(", ")}`)
    return { figures, failures: expect.failures }
  },
}

function failedAttempts(outcomes: CustomerOutcome[]): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const { failedAttempts: failed } of outcomes) {
    for (const [status, n] of Object.entries(failed)) counts[status] = (counts[status] ?? 0) + n
  }
  return counts
}

function deliveryOutcome(delivery: WebhookDelivery): string {
  const outcome = delivery.status ?? (delivery.error?.startsWith("dropped") ? "dropped" : "no reply")
  return `${delivery.duplicate ? "duplicate " : ""}${outcome}`
}
