import type { LoanRecord, RefundRecord } from "../../../../providers/bnpl/wire"

/**
 * What `GET /admin/bnpl/orders/:id/loan` answers with 200. Service records keep
 * the service's own field names (camelCase, spec 2.1); what this plugin adds is
 * snake_case, like the rest of Medusa's admin API.
 *
 * ```
 * {
 *   order_id: string,
 *   loan_id: number,               // the loan the order's payment was made with
 *   cart_id: string,               // the cartId the service knows the loans by
 *   loan: LoanRecord | null,       // that loan, live; null if the service no longer lists it
 *   loans: LoanEntry[],            // every loan of the cart, the order's own first
 *   refunds: RefundRecord[],       // the cart's refund history, as the service reports it
 * }
 * ```
 *
 * Errors: 401 without an admin session; 404 `{ type: "not_found", message }`
 * for an unknown order or one not paid through pp_bnpl_bnpl; 502
 * `{ type: "bnpl_service_error", message }` when the service cannot be
 * reached or fails (the message never carries a credential).
 */
export type LoanEntry = LoanRecord & { is_order_loan: boolean }

export interface LoanView {
  order_id: string
  loan_id: number
  cart_id: string
  loan: LoanRecord | null
  loans: LoanEntry[]
  refunds: RefundRecord[]
}

export interface ServiceFailure {
  type: "bnpl_service_error"
  message: string
}

/** A cart may hold several loans (abandoned ones, a changed total): the order's own one leads. */
export function buildLoanView(
  ids: { orderId: string; loanId: number; cartId: string },
  loans: LoanRecord[],
  refunds: RefundRecord[]
): LoanView {
  const entries = loans.map((loan) => ({ ...loan, is_order_loan: loan.loanId === ids.loanId }))
  const ordered = [...entries.filter((e) => e.is_order_loan), ...entries.filter((e) => !e.is_order_loan)]
  return {
    order_id: ids.orderId,
    loan_id: ids.loanId,
    cart_id: ids.cartId,
    loan: loans.find((loan) => loan.loanId === ids.loanId) ?? null,
    loans: ordered,
    refunds,
  }
}
