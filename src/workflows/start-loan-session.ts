import type { PaymentCollectionDTO } from "@medusajs/framework/types"
import { createWorkflow, parallelize, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { useQueryGraphStep } from "@medusajs/medusa/core-flows"
import { readSessionData } from "../lib/medusa/session-data"
import { balanceHolder, cartHolder, serviceCartId } from "../modules/bnpl/holder"
import type { Lang } from "../storefront/lang"
import { lockHolder, unlockHolders } from "./holder-locks"
import { createPaymentSessionOfCollection } from "./payment-session-of-collection"
import { planPaidLoanStep } from "./steps/plan-paid-loan"
import { readLoanCartStep } from "./steps/read-loan-cart"
import { readLoanHolderStep } from "./steps/read-loan-holder"
import { recordLoanSessionStep } from "./steps/record-loan-session"
import { refundReplacedLoansStep } from "./steps/refund-replaced-loans"
import { refuseExcludedProductsStep } from "./steps/refuse-excluded-products"
import { refusePaidCartStep } from "./steps/refuse-paid-cart"
import { refuseProviderOutsideRegionStep } from "./steps/refuse-provider-outside-region"

export const startLoanSessionWorkflowId = "bnpl-start-loan-session"

export interface StartLoanSessionInput {
  payment_collection_id: string
  /** The plugin's provider as the store registered it (`pp_bnpl_{id}`). */
  provider_id: string
  customer_id?: string
  /** The payment collection's fields in the answer (the store route's query config). */
  fields: string[]
  /** The shopper's language, for a refusal they read. */
  lang: Lang
}

/**
 * A payment session of the plugin's provider, and with it the loan's ledger row: what
 * `POST /store/payment-collections/:id/payment-sessions` does for the plugin's provider
 * (src/api/store/payment-collections/start-loan.ts). A provider cannot read carts, so the loan
 * request's snapshot of the cart is read here and handed to Medusa's session creation as the
 * session's data; the same read holds what Medusa's createPaymentSessionsWorkflow would read again
 * (the collection, its sessions, the region check), so the session is made by that workflow's
 * own steps (payment-session-of-collection.ts).
 *
 * Everything between the reads and the row holds the cart's lock: every writer of the cart's
 * loans (confirmation, reconciliation and its backfill) holds it too, so a loan the service has
 * just made cannot be seen without its row. A step that fails releases the lock through the lock
 * step's compensation, and Medusa's workflow undoes its session; a paid loan refunded stays
 * refunded, and a row stays (reconciliation settles a row whose session is gone).
 *
 * Answers the payment collection with the route's fields, read while the row is written: both
 * only wait on the database.
 */
export const startLoanSessionWorkflow = createWorkflow(startLoanSessionWorkflowId, (input: StartLoanSessionInput) => {
  const pays = readLoanHolderStep(input)
  const holder = transform({ pays }, ({ pays }) => (pays.balance ? balanceHolder(pays.balance.paymentCollectionId) : cartHolder(pays.cart_id)))
  refuseExcludedProductsStep(transform({ input, pays }, ({ input, pays }) => ({ ...pays, lang: input.lang })))
  const locks = lockHolder(transform({ holder }, ({ holder }) => ({ holder })))
  const [cart, plan] = parallelize(
    readLoanCartStep(
      transform({ input, pays }, ({ input, pays }) => ({
        ...pays,
        payment_collection_id: input.payment_collection_id,
        provider_id: input.provider_id,
      })),
    ),
    planPaidLoanStep(transform({ holder }, ({ holder }) => ({ holder }))),
  )
  refundReplacedLoansStep(transform({ plan }, ({ plan }) => plan.replaced))
  refusePaidCartStep(transform({ cart, pays }, ({ cart, pays }) => ({ paid: cart.paid, balance: !!pays.balance })))
  refuseProviderOutsideRegionStep(
    transform({ input, cart }, ({ input, cart }) => ({ provider_id: input.provider_id, region_refusing: cart.regionRefusing })),
  )

  const session = createPaymentSessionOfCollection(
    transform({ input, cart, plan, holder }, ({ input, cart, plan, holder }) => {
      // A loan taken over keeps the cartId the service knows it by (a sale by phone's is not the collection's).
      const adopted = plan.adopt && { cartId: plan.adopt.cartId, adoptLoan: { loanId: plan.adopt.loanId, checkoutUrl: plan.adopt.checkoutUrl } }
      return {
        payment_collection_id: input.payment_collection_id,
        provider_id: input.provider_id,
        customer_id: input.customer_id,
        data: { cart: { ...cart.snapshot, ...(adopted ?? {}) }, holder },
        collection: cart.collection,
      }
    }),
  )
  const [, collection] = parallelize(
    recordLoanSessionStep(
      transform({ input, holder, plan, session }, ({ input, holder, plan, session }) => ({
        service_cart_id: serviceCartId(holder),
        holder: holder.type,
        payment_collection_id: input.payment_collection_id,
        payment_session_id: session.id,
        loan: readSessionData(session.data),
        ...(plan.adopt ? { adopted_row_id: plan.adopt.rowId } : {}),
      })),
    ),
    useQueryGraphStep({
      entity: "payment_collection",
      fields: input.fields,
      filters: { id: input.payment_collection_id },
    }).config({ name: "bnpl-read-payment-collection" }),
  )
  unlockHolders(locks)
  return new WorkflowResponse(transform({ collection }, ({ collection }) => collection.data[0] as PaymentCollectionDTO))
})
