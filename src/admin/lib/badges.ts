import type { LedgerStateName } from "../../api/admin/bnpl/loans/ledger-states"
import type { LoanStatus } from "../../lib/service/wire"

type BadgeColor = "green" | "grey" | "orange" | "red" | "blue" | "purple"

/** The loan's status at the service, as a badge colour. */
export const STATUS_COLOR: Record<LoanStatus, BadgeColor> = {
  OUTSTANDING: "green",
  HISTORICAL: "grey",
  REQUEST: "orange",
  CANCELLED: "red",
}

/** The ledger's state, as a badge colour: the attention list stands out. */
export const STATE_COLOR: Record<LedgerStateName, BadgeColor> = {
  open: "blue",
  ordered: "green",
  cancelled: "grey",
  refunded: "purple",
  needs_attention: "red",
}
