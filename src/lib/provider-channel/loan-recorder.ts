import type { LoanRecorder } from "../ledger/loan-row"
import { type HandOverScope, provided, withProvided } from "./provider-context"

/**
 * The ledger's row for a loan made while a cart's completion runs. Only Medusa opens a session
 * then: with `autoCapture`, its rollback of a completion that failed after the capture refunds
 * the payment and opens a new session itself, and the provider (which cannot reach the ledger)
 * makes that session's loan. The completions the plugin runs or lets through run inside
 * `withLoanRecorder` for the cart, so that loan has its row at once, like every other, instead of waiting
 * for reconciliation's backfill (a cart changed before it would leave a paid loan unknown).
 */
const RECORDER = Symbol("loan recorder")

export const withLoanRecorder = <T>(record: LoanRecorder, scope: HandOverScope, work: () => T): T => withProvided(RECORDER, record, scope, work)

export const loanRecorder = (cartId: string): LoanRecorder | undefined => provided<LoanRecorder>(RECORDER, cartId)
