import type { MedusaContainer } from "@medusajs/framework/types"
import { isPaid } from "../lib/service/status"
import { bnplFromContainer } from "../lib/options/resolve-options"
import { holderOfRow } from "../modules/bnpl/holder"
import { collectionsOfOrder, unpaidLinksOf, unsettledRequestsOf } from "../lib/ledger/loans-of-order"
import type { LedgerLoan } from "../modules/bnpl/types"
import { cancelAbandonedLoanWorkflow } from "./cancel-abandoned-loan"
import { confirmLoan } from "./confirm-loan"
import { settleLoanRequestWorkflow } from "./settle-loan-request"

/** A link of the order's balance that this cancel could not end: the customer can still pay it. */
export interface PayableLink {
  /** The loan, or the payment by phone whose loan the service could not yet say it made. */
  what: string
  why: string
}

/**
 * Before (or, for the store's own cancel, just after) an order is cancelled: every link of its
 * balance still out (Medusa's payment link, a sale by phone) is cancelled at the service, so a
 * customer cannot pay a cancelled order. A link paid meanwhile is confirmed onto the order, so
 * that the cancel refunds it with the rest. Answers the links still payable: the service could
 * not be reached, or would not cancel.
 */
export async function endOrderLinks(container: MedusaContainer, orderId: string): Promise<PayableLink[]> {
  const payable: PayableLink[] = []
  const collections = await collectionsOfOrder(container, orderId)
  // A payment by phone whose reply was lost is settled first, so that the loan it made has its row and is ended below.
  for (const request of await unsettledRequestsOf(container, collections)) {
    // run, not runAsStep: one settle per request, each a workflow of its own; one the service cannot answer is named.
    await settleLoanRequestWorkflow(container)
      .run({ input: { service_cart_id: request.service_cart_id } })
      .catch((error: Error) =>
        payable.push({
          what: `the payment by phone sent under ${request.service_cart_id}`,
          why: `the service cannot say now whether it made its loan: ${error.message}`,
        }),
      )
  }
  const links = (await unpaidLinksOf(container, collections)).filter((row) => row.holder === "order_balance")
  // Newest first: the service does not cancel an older unpaid loan of a cartId while a newer one waits.
  for (const row of links.sort((a, b) => b.loan_id - a.loan_id)) {
    const why = await endLink(container, row, `order ${orderId} was cancelled`).catch((error: Error) => error.message)
    if (why) payable.push({ what: `loan ${row.loan_id}`, why })
  }
  return payable
}

/** Ends one link; answers why it is still payable, or nothing. */
async function endLink(container: MedusaContainer, row: LedgerLoan, reason: string): Promise<string | undefined> {
  // run, not runAsStep: one workflow per link, each under its own holder's lock, and a link that fails is named while the
  // rest go on; a nested one's failure would fail them all. Its callers run it before the cancel's workflow or after Medusa's.
  const { result } = await cancelAbandonedLoanWorkflow(container).run({ input: { ledger_id: row.id, reason } })
  if (result.cancelled) return undefined
  const loan = await bnplFromContainer(container).client.getLoan(row.service_cart_id, row.loan_id)
  if (!loan || loan.status === "CANCELLED") return undefined
  if (!isPaid(loan)) return "the service did not cancel it"
  await confirmLoan(container, { holder: holderOfRow(row), loan_id: row.loan_id })
  return undefined
}
