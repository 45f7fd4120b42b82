import { useQuery } from "@tanstack/react-query"
import type { LoanView } from "../../api/admin/bnpl/orders/loan-view"
import { httpStatusOf, sdk } from "./sdk"

export const orderLoanKey = (orderId: string, loanId?: number) => ["bnpl", "order-loan", orderId, loanId ?? "default"] as const

/**
 * A live loan of an order and its ledger row (GET /admin/bnpl/orders/:id/loan): `loanId`'s, else
 * the order's first live loan; the answer lists every loan of the order (`order_loans`).
 * No retry: the route already retries the service, and the widget has a
 * Refresh button. `enabled` is false when the page already knows the order
 * was paid another way.
 */
export function useOrderLoan(orderId: string, enabled: boolean, loanId?: number) {
  return useQuery({
    queryKey: orderLoanKey(orderId, loanId),
    queryFn: () =>
      sdk.client.fetch<LoanView>(`/admin/bnpl/orders/${encodeURIComponent(orderId)}/loan`, {
        query: loanId === undefined ? {} : { loan_id: String(loanId) },
      }),
    enabled,
    retry: false,
    staleTime: 0,
  })
}

/** What a failed load means for the widget. */
export type LoanFailure =
  /** 404: the order was not paid in installments (or does not exist): the widget stays out of the way. */
  | { kind: "none" }
  /** 502, or no answer at all: the financing service or the network failed. */
  | { kind: "unreachable" }
  | { kind: "failed"; status: number }

export function loanFailure(error: unknown): LoanFailure {
  const status = httpStatusOf(error)
  if (status === undefined || status === 502) return { kind: "unreachable" }
  if (status === 404) return { kind: "none" }
  return { kind: "failed", status }
}
