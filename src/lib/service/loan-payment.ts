import type { LoanRecord, LoanStatus } from "./wire"

/**
 * What a loan's status at the service means for the shop: waiting for the
 * customer, paid, or dead. HISTORICAL is a loan that was paid and is now
 * closed (paid off, or refunded in full): it still counts as paid
 * (docs/service-api.md, "Status"). The rest of the status decisions are in
 * status.ts; this table has no framework import, so the sandbox's CLI can
 * load it without loading Medusa.
 */
export type LoanPayment = "pending" | "paid" | "cancelled"

export const LOAN_PAYMENT: Record<LoanStatus, LoanPayment> = {
  REQUEST: "pending",
  OUTSTANDING: "paid",
  HISTORICAL: "paid",
  CANCELLED: "cancelled",
}

export const isPaid = (loan: Pick<LoanRecord, "status">): boolean => LOAN_PAYMENT[loan.status] === "paid"
