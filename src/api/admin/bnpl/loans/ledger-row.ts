import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { ledgerOf } from "../../../../lib/ledger/ledger"
import type { LedgerLoan } from "../../../../modules/bnpl/types"

/** The ledger row with this id, or 404 `{ type: "not_found" }` naming it. */
export async function ledgerRowOrNotFound(container: MedusaContainer, id: string): Promise<LedgerLoan> {
  const [row] = await ledgerOf(container).listBnplLoans({ id }, { take: 1 })
  if (!row) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Loan ${id} is not in the loan ledger.`)
  return row
}
