import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { LoanChange, NewLoan } from "../../modules/bnpl/service"
import type { BookEntry, LedgerLoan } from "../../modules/bnpl/types"
import { bookEvents, type BnplEvent, loanEvents } from "./events"
import { ledgerOf } from "./ledger"
import { countLoanChange } from "../telemetry/loan-metrics"

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

/**
 * Writes a new loan's ledger row and announces it (`bnpl.loan.created`): loan-row.ts's
 * recordLoanOfSession, the one writer of new rows, comes here. No compensation removes a row, so
 * the announcement goes out at once.
 */
export async function recordNewLoan(container: MedusaContainer, loan: NewLoan): Promise<LedgerLoan> {
  const row = await ledgerOf(container).recordNewLoan(loan)
  countLoanChange(undefined, row)
  await emitBnplEvents(container, loanEvents(undefined, row))
  return row
}

/** Announces book entries just written: the book is never rolled back. */
export const emitBookEntries = (container: MedusaContainer, entries: BookEntry[]) => emitBnplEvents(container, bookEvents(entries))

/**
 * Announces what a workflow step's change to a ledger row did, with the workflow's event group:
 * the compensation that would undo it drops the group with it.
 */
export async function emitLoanChanged(container: MedusaContainer, change: LoanChange | undefined, eventGroupId: string | undefined): Promise<void> {
  if (!change) return
  const before = { ...change.row, ...change.previous } as LedgerLoan
  countLoanChange(before, change.row)
  await emitBnplEvents(container, loanEvents(before, change.row), eventGroupId)
}
