import { PaymentSessionStatus } from "@medusajs/framework/utils"
import type { LoanRecord, LoanStatus } from "./wire"

/**
 * The one table from a loan's status at the service to Medusa's payment
 * session status. HISTORICAL is a loan that was paid and is now closed: it
 * still counts as paid (service-api.md).
 */
export const SESSION_STATUS: Record<LoanStatus, PaymentSessionStatus> = {
  REQUEST: PaymentSessionStatus.PENDING,
  OUTSTANDING: PaymentSessionStatus.AUTHORIZED,
  HISTORICAL: PaymentSessionStatus.AUTHORIZED,
  CANCELLED: PaymentSessionStatus.CANCELED,
}

export const isPaid = (loan: Pick<LoanRecord, "status">) =>
  loan.status === "OUTSTANDING" || loan.status === "HISTORICAL"
