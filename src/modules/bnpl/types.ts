import type { InferTypeOf } from "@medusajs/framework/types"
import type { BnplLoan } from "./models/bnpl-loan"
import type { BnplReconciliation } from "./models/bnpl-reconciliation"

/** A ledger row as the module's service returns it. */
export type LedgerLoan = InferTypeOf<typeof BnplLoan>

export type LedgerState = LedgerLoan["state"]

/** States a loan does not leave: reconciliation stops looking at them. */
export const FINAL_STATES: readonly LedgerState[] = ["cancelled", "refunded"]

/** A reconciliation run's record as the module's service returns it. */
export type ReconciliationRecord = InferTypeOf<typeof BnplReconciliation>

export type ReconciliationTrigger = ReconciliationRecord["trigger"]
