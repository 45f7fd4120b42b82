import { z } from "zod"
import type { LoanRecord, RefundRecord } from "../../../../lib/service/wire"
import type { LedgerLoanJson } from "../loans/ledger-view"

/** `?loan_id=`: which of the order's loans to show; without it, the order's first live loan. */
export const OrderLoanQuery = z.object({
  loan_id: z
    .string()
    .transform((value, ctx) => {
      const loanId = Number(value)
      if (Number.isSafeInteger(loanId)) return loanId
      ctx.issues.push({ code: "custom", message: `must be a loan id (an integer), not "${value}"`, input: value })
      return z.NEVER
    })
    .optional(),
})
export type OrderLoanQuery = z.infer<typeof OrderLoanQuery>

/**
 * What `GET /admin/bnpl/orders/:id/loan` answers with 200. Service records keep
 * the service's own field names (camelCase, docs/service-api.md "Status"); what this plugin adds is
 * snake_case, like the rest of Medusa's admin API.
 *
 * ```
 * {
 *   order_id: string,
 *   loan_id: number,               // the loan the order's payment was made with
 *   service_cart_id: string,       // the cartId the service knows the loans by
 *   loan: LoanRecord | null,       // that loan, live; null if the service no longer lists it
 *   loans: LoanEntry[],            // every loan of the cart, the order's own first
 *   refunds: RefundRecord[],       // the cart's refund history, as the service reports it
 *   ledger: LedgerLoanJson | null, // the plugin's own row for the loan (../loans/ledger-view.ts)
 *   awaiting_financing: boolean,   // placed before its financing (orderBeforeFinancing), the loan not paid yet:
 *                                  // do not ship it; `checkout_url` is the loan's page, to send the shopper again
 *   checkout_url: string | null,
 * }
 * ```
 *
 * `ledger` is the row whose order is this order, else the row of the loan the
 * order's payment names; null when the ledger has neither (a loan made before
 * the ledger existed).
 *
 * Errors: 401 without an admin session; 404 `{ type: "not_found", message }`
 * for an unknown order or one not paid in installments; 502
 * `{ type: "bnpl_service_error", message, ledger }` when the service cannot be
 * reached or fails (the message never carries a credential): the ledger row
 * comes from Medusa's database and is still shown.
 */
export type LoanEntry = LoanRecord & { is_order_loan: boolean }

/** A loan of the order, for the widget's list: what it paid for (the checkout, or a balance after an order edit, an exchange or a claim). */
export interface OrderLoanJson {
  loan_id: number
  service_cart_id: string
  pays: "checkout" | "balance"
  amount: string
  currency_code: string
  awaiting_financing: boolean
  /** Its payment was cancelled (the order cancelled, the loan refunded). */
  canceled: boolean
}

export interface LoanView {
  order_id: string
  loan_id: number
  service_cart_id: string
  loan: LoanRecord | null
  loans: LoanEntry[]
  refunds: RefundRecord[]
  ledger: LedgerLoanJson | null
  awaiting_financing: boolean
  checkout_url: string | null
  /** Every loan of the order, oldest first; the route adds it. */
  order_loans?: OrderLoanJson[]
}

export interface ServiceFailure {
  type: "bnpl_service_error"
  message: string
  ledger: LedgerLoanJson | null
}

/** A cart may hold several loans (abandoned ones, a changed total): the order's own one leads. */
export function buildLoanView(
  ids: { orderId: string; loanId: number; cartId: string },
  loans: LoanRecord[],
  refunds: RefundRecord[],
  ledger: LedgerLoanJson | null,
  awaiting?: { checkoutUrl: string },
): LoanView {
  const entries = loans.map((loan) => ({ ...loan, is_order_loan: loan.loanId === ids.loanId }))
  const ordered = [...entries.filter((e) => e.is_order_loan), ...entries.filter((e) => !e.is_order_loan)]
  return {
    order_id: ids.orderId,
    loan_id: ids.loanId,
    service_cart_id: ids.cartId,
    loan: loans.find((loan) => loan.loanId === ids.loanId) ?? null,
    loans: ordered,
    refunds,
    ledger,
    awaiting_financing: !!awaiting,
    checkout_url: awaiting?.checkoutUrl ?? null,
  }
}
