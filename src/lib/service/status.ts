import { PaymentSessionStatus } from "@medusajs/framework/utils"
import { LOAN_PAYMENT } from "./loan-payment"
import type { LoanStatus } from "./wire"

/**
 * Every decision about what a loan's status at the service means, in one
 * place. Each table is a `Record<LoanStatus, …>`, so a status the service adds
 * later fails the typecheck here instead of falling through somewhere else.
 *
 * HISTORICAL is a loan that was paid and is now closed (paid off, or refunded
 * in full): it still counts as paid (docs/service-api.md, "Status").
 */

export { LOAN_PAYMENT, isPaid, type LoanPayment } from "./loan-payment"

/** Medusa's payment session status for a loan status (getPaymentStatus). */
export const SESSION_STATUS: Record<LoanStatus, PaymentSessionStatus> = {
  REQUEST: PaymentSessionStatus.PENDING,
  OUTSTANDING: PaymentSessionStatus.AUTHORIZED,
  HISTORICAL: PaymentSessionStatus.AUTHORIZED,
  CANCELLED: PaymentSessionStatus.CANCELED,
}

/**
 * What `authorizePayment` answers for a loan whose amount matches: paid loans
 * authorize (or capture, with autoCapture), a cancelled one ends the session. An unpaid one
 * refuses, so the cart does not complete; with `orderBeforeFinancing` it answers
 * `pending_authorization` instead, and Medusa places the order with its payment pending (the
 * paid loan authorizes it later). A HISTORICAL loan (paid off, or refunded: the record does not
 * say which) never makes a new order (docs/service-api.md, "Status").
 */
export type Authorization = { status: PaymentSessionStatus; captured: boolean } | { refuse: "not_yet_paid" | "closed" }

export function authorizationOf(status: LoanStatus, mode: { autoCapture: boolean; orderBeforeFinancing: boolean }): Authorization {
  switch (LOAN_PAYMENT[status]) {
    case "paid":
      if (status === "HISTORICAL") return { refuse: "closed" }
      return mode.autoCapture
        ? { status: PaymentSessionStatus.CAPTURED, captured: true }
        : { status: PaymentSessionStatus.AUTHORIZED, captured: false }
    case "pending":
      return mode.orderBeforeFinancing ? { status: PaymentSessionStatus.PENDING_AUTHORIZATION, captured: false } : { refuse: "not_yet_paid" }
    case "cancelled":
      return { status: PaymentSessionStatus.CANCELED, captured: false }
    default:
      return unreachable(LOAN_PAYMENT[status])
  }
}

/**
 * Session statuses a webhook or reconciliation may confirm a loan on: one
 * still waiting, or one authorized whose cart completion was cut short.
 */
export const CONFIRMABLE_SESSION: Record<PaymentSessionStatus, boolean> = {
  [PaymentSessionStatus.PENDING]: true,
  [PaymentSessionStatus.REQUIRES_MORE]: true,
  [PaymentSessionStatus.AUTHORIZED]: true,
  [PaymentSessionStatus.CAPTURED]: true,
  [PaymentSessionStatus.PENDING_AUTHORIZATION]: true,
  [PaymentSessionStatus.ERROR]: false,
  [PaymentSessionStatus.CANCELED]: false,
}

export function unreachable(value: never): never {
  throw new Error(`unhandled value: ${String(value)}`)
}
