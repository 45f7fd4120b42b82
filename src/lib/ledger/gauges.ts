import type { MedusaContainer } from "@medusajs/framework/types"
import type { BatchObservableResult, Meter } from "@medusajs/framework/opentelemetry/api"
import { ledgerOf } from "./ledger"
import { instruments } from "../telemetry/instruments"
import { UNCLEAR_REFUND_STATES } from "../../modules/bnpl/types"

/**
 * Gauges read from the ledger each time the store's metric reader collects: the attention list,
 * unclear refunds and paid loans waiting for their order, with the age of the oldest. They are
 * observed by the processes that reconcile (reconciliation/run.ts registers them at a run's
 * start), so that a store's many servers do not all report the same ledger.
 */
let observed: { meter: Meter; container: MedusaContainer } | undefined
export function observeLedger(container: MedusaContainer): void {
  const { on, meter } = instruments()
  if (!on) return
  if (observed?.meter === meter) {
    observed.container = container
    return
  }
  const state = (observed = { meter, container })
  const gauge = (name: string, unit: string, description: string) => meter.createObservableGauge(name, { unit, description })
  const attention = gauge("bnpl.loans.attention", "{loan}", "Loans on the admin's attention list.")
  const waiting = gauge("bnpl.loans.awaiting_order", "{loan}", "Loans seen paid whose order is not made yet.")
  const waitingAge = gauge("bnpl.loans.awaiting_order.oldest_age", "s", "How long the oldest loan seen paid has waited for its order.")
  const unclear = gauge("bnpl.refunds.unclear", "{refund}", "Refunds whose outcome is unknown until the admin settles them.")
  const unclearAge = gauge("bnpl.refunds.unclear.oldest_age", "s", "Age of the oldest unclear refund.")
  meter.addBatchObservableCallback(
    async (result: BatchObservableResult) => {
      const ledger = ledgerOf(state.container)
      const [[, listed], [paid, paidCount], [book, bookCount]] = await Promise.all([
        ledger.listAndCountBnplLoans({ state: "needs_attention" }, { take: 1, select: ["id"] }),
        ledger.listAndCountBnplLoans(
          // A paid loan with no order: open, or listed after its completions failed (lib/ledger/ledger.ts, awaitsOrder).
          { state: ["open", "needs_attention"], order_id: null, suspect_order_id: null, completion_started_at: { $ne: null } },
          { take: 1, select: ["id", "completion_started_at"], order: { completion_started_at: "ASC" } },
        ),
        ledger.listAndCountBnplRefunds(
          { state: [...UNCLEAR_REFUND_STATES] },
          { take: 1, select: ["id", "created_at"], order: { created_at: "ASC" } },
        ),
      ])
      const age = (at: Date | string | null | undefined) => (at ? Math.max(0, Date.now() - new Date(at).getTime()) / 1000 : 0)
      result.observe(attention, listed)
      result.observe(waiting, paidCount)
      result.observe(waitingAge, age(paid[0]?.completion_started_at))
      result.observe(unclear, bookCount)
      result.observe(unclearAge, age(book[0]?.created_at))
    },
    [attention, waiting, waitingAge, unclear, unclearAge],
  )
}
