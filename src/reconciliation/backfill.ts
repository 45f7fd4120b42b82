import type { FilterablePaymentSessionProps, MedusaContainer } from "@medusajs/framework/types"
import { holderOfSession } from "../lib/medusa/queries"
import { holderOfRow } from "../modules/bnpl/holder"
import { ContainerRegistrationKeys, Modules, PaymentSessionStatus } from "@medusajs/framework/utils"
import { ledgerOf, rowOfLoan } from "../lib/ledger/ledger"
import { holderLocksOf, underLocks } from "../lib/ledger/locks"
import type { LedgerLoan } from "../modules/bnpl/types"
import { readSessionData } from "../lib/medusa/session-data"
import { bnplFromContainer } from "../lib/options/resolve-options"
import { recordLoanSessionWorkflow } from "../workflows/record-loan-session"
import { settleLoanRequestWorkflow } from "../workflows/settle-loan-request"

const PAGE_SIZE = 100

/**
 * Waiting sessions of the plugin's provider whose loan has no ledger row get one. Nearly every session has
 * its row, found by the session's id alone: only the few without one are read in full, so that
 * a pass over a large store's sessions stays cheap in time and memory (`npm run bench`:
 * reconciliation).
 */
export async function backfill(container: MedusaContainer, graceCutoff: Date, keepLock: () => Promise<void>): Promise<number> {
  const payments = container.resolve(Modules.PAYMENT)
  let created = 0
  for (let after: string | undefined; ;) {
    const filters = {
      provider_id: bnplFromContainer(container).providerId,
      // Not in the published filter type, but a column the module filters on like any other. A
      // session that still waits for its loan: before an order, or by an order placed first.
      status: [PaymentSessionStatus.PENDING, PaymentSessionStatus.PENDING_AUTHORIZATION],
      created_at: { $lte: graceCutoff.toISOString() },
      ...(after ? { id: { $gt: after } } : {}),
    } as FilterablePaymentSessionProps
    const ids = (await payments.listPaymentSessions(filters, { take: PAGE_SIZE, order: { id: "ASC" }, select: ["id"] })).map((s) => s.id)
    if (!ids.length) return created
    after = ids[ids.length - 1]
    // A pass over a large store's sessions can outlast the lock's TTL.
    await keepLock()
    created += await recordSessionsWithoutRows(container, ids, keepLock)
  }
}

/**
 * Loan creations whose reply was lost (a sale by phone) and that nobody settled since: the
 * status query of each one's cartId gives the loans it made their rows, under its holder's
 * lock (the phone sale's). Answers those rows, for the run to walk at once.
 */
export async function settleLostRequests(container: MedusaContainer, graceCutoff: Date, keepLock: () => Promise<void>): Promise<LedgerLoan[]> {
  const rows: LedgerLoan[] = []
  for (const request of await ledgerOf(container).listUnsettledLoanRequests({ sentBefore: graceCutoff })) {
    // The request records its holder as a row does: its lock is the phone sale's.
    await underLocks(container, holderLocksOf(container, [holderOfRow(request)]), async () => {
      const { result } = await settleLoanRequestWorkflow(container).run({ input: { service_cart_id: request.service_cart_id } })
      rows.push(...result)
    }).catch((error: Error) => {
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(
          `[bnpl] reconciliation: the loan request of ${request.service_cart_id}, whose reply was lost, is left for the next run: ${error.message}`,
        )
    })
    await keepLock()
  }
  return rows
}

/**
 * Rows for the loans of these sessions (of the plugin's provider) that have none, each written
 * under its holder's lock; how many it wrote. Reconciliation's backfill, and session creation's
 * roll-forward of a session Medusa re-created (start-loan.ts).
 */
export async function recordSessionsWithoutRows(
  container: MedusaContainer,
  ids: string[],
  keepLock: () => Promise<void> = async () => {},
): Promise<number> {
  const payments = container.resolve(Modules.PAYMENT)
  const ledger = ledgerOf(container)
  const recorded = await ledger.sessionsWithRows(ids)
  const unrecorded = ids.filter((id) => !recorded.has(id))
  if (!unrecorded.length) return 0
  const page = await payments.listPaymentSessions({ id: unrecorded }, { select: ["id", "amount", "currency_code", "data", "payment_collection_id"] })
  // A row that moved to a later session (a paid loan the cart took over) is found by its loan.
  const loans = page.map((s) => ({ session: s, data: readSessionData(s.data) })).filter((s) => !!s.data)
  if (!loans.length) return 0
  const known = new Set(
    (await ledger.listBnplLoans({ loan_id: loans.map((l) => l.data!.loan_id) }, { select: ["loan_id"] })).map(
      (r: Pick<LedgerLoan, "loan_id">) => r.loan_id,
    ),
  )
  let created = 0
  for (const { session, data } of loans.filter((l) => !known.has(l.data!.loan_id))) {
    // Session creation writes its row under the holder's lock just after Medusa stores the
    // session: a session younger than the grace period may be between the two. Under the
    // same lock the row is either written or not yet started.
    const holder = await holderOfSession(container, data!.service_cart_id, session.payment_collection_id)
    const wrote = await underLocks(container, holderLocksOf(container, [holder]), async () => {
      if (await rowOfLoan(container, data!.loan_id)) return false
      await recordLoanSessionWorkflow(container).run({
        input: {
          service_cart_id: data!.service_cart_id,
          holder: holder.type,
          payment_collection_id: session.payment_collection_id,
          payment_session_id: session.id,
          loan: data!,
        },
      })
      return true
    }).catch((error: Error) => {
      // A cart whose lock stays held (a confirmation waiting on the service) must not end the
      // whole run: the session waits for the next run, as a failed row does.
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(`[bnpl] reconciliation: loan ${data!.loan_id} of cart ${data!.service_cart_id} left for the next run: ${error.message}`)
      return false
    })
    if (wrote) created++
    await keepLock()
  }
  return created
}
