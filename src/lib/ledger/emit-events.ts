import type { LoanRecorder } from "../bnpl/loan-recorder"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { NewLoan } from "../../modules/bnpl/service"
import type { BookEntry, LedgerLoan } from "../../modules/bnpl/types"
import { bookEvents, type BnplEvent, loanEvents, type LoanRow } from "./events"
import { ledgerOf, type LedgerPatch } from "./ledger"

/**
 * How the plugin's events (events.ts) reach Medusa's event bus only after their data is committed.
 * The ledger's and the book's writes commit as they return (none joins a transaction), so:
 * - a write that no compensation undoes (a new row, a book entry, a step without compensation,
 *   a route) is announced at once;
 * - a write a workflow's compensation may undo is announced with the workflow's event group,
 *   as Medusa's emitEventStep does: Medusa releases the group when the workflow succeeds and
 *   drops it when the workflow fails, so a rolled-back write announces nothing.
 * A bus that cannot take an event is logged, never thrown: the write it announces stands.
 */
export async function emitBnplEvents(container: MedusaContainer, events: BnplEvent[], eventGroupId?: string): Promise<void> {
  if (!events.length) return
  const messages = events.map((event) => ({ name: event.name, data: event.data, ...(eventGroupId ? { metadata: { eventGroupId } } : {}) }))
  await container
    .resolve(Modules.EVENT_BUS)
    .emit(messages)
    .catch((error: Error) => {
      const names = events.map((event) => event.name).join(", ")
      container.resolve(ContainerRegistrationKeys.LOGGER).error(`[bnpl] events not emitted (${names}): ${error.message}`)
    })
}

/** Announces a row written at once: a new row (`before` undefined) or a patch no compensation undoes. */
export const emitLoanChange = (container: MedusaContainer, before: LoanRow | undefined, after: LoanRow) =>
  emitBnplEvents(container, loanEvents(before, after))

/**
 * Writes a new loan's ledger row and announces it (`bnpl.loan.created`): every writer of new
 * rows comes here. No compensation removes a row, so the announcement goes out at once.
 */
export async function recordNewLoan(container: MedusaContainer, loan: NewLoan): Promise<LedgerLoan> {
  const row = await ledgerOf(container).recordNewLoan(loan)
  await emitLoanChange(container, undefined, row)
  return row
}

/** Announces book entries just written: the book is never rolled back. */
export const emitBookEntries = (container: MedusaContainer, entries: BookEntry[]) => emitBnplEvents(container, bookEvents(entries))

/**
 * Announces what a workflow step's write to a ledger row changed, from the undo its compensation
 * would apply (the values it replaced), with the workflow's event group.
 */
export async function emitRowUndoable(
  container: MedusaContainer,
  undo: { id: string; previous: LedgerPatch } | undefined,
  eventGroupId: string | undefined,
): Promise<void> {
  // Only a change of state or order announces anything: the other writes cost no read.
  if (!undo || !("state" in undo.previous || "order_id" in undo.previous)) return
  const after = await ledgerOf(container).findLoan({ id: undo.id })
  if (!after) return
  await emitBnplEvents(container, loanEvents({ ...after, ...undo.previous }, after), eventGroupId)
}

/** The recorder (src/lib/bnpl/loan-recorder.ts) of a completion: the row of a loan Medusa's rollback made, once. */
export const ledgerRecorder =
  (container: MedusaContainer): LoanRecorder =>
  async (loan) => {
    if (await ledgerOf(container).findLoan({ loan_id: loan.loanId })) return
    await recordNewLoan(container, {
      loan_id: loan.loanId,
      cart_id: loan.cartId,
      payment_collection_id: null,
      payment_session_id: loan.sessionId ?? null,
      checkout_url: loan.checkoutUrl,
      amount: loan.amount,
      currency_code: loan.currencyCode,
      loan_status: "REQUEST",
    })
  }
