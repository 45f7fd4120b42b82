import type { InferTypeOf } from "@medusajs/framework/types"
import type { BnplLoan } from "./models/bnpl-loan"
import type { BnplReconciliation } from "./models/bnpl-reconciliation"
import type { BnplRefund } from "./models/bnpl-refund"

/** A ledger row as the module's service returns it. */
export type LedgerLoan = InferTypeOf<typeof BnplLoan>

export type LedgerState = LedgerLoan["state"]

/** States a loan does not leave: reconciliation stops looking at them. */
export const FINAL_STATES: readonly LedgerState[] = ["cancelled", "refunded"]

/** A reconciliation run's record as the module's service returns it. */
export type ReconciliationRecord = InferTypeOf<typeof BnplReconciliation>

export type ReconciliationTrigger = ReconciliationRecord["trigger"]

/** An entry of the book of refunds (models/bnpl-refund.ts). */
export type BookEntry = InferTypeOf<typeof BnplRefund>

export type BookEntryState = BookEntry["state"]
