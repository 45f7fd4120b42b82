import type { AuthenticatedMedusaRequest, MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { type StartLoanInput, startLoan } from "./start-loan-session"
import { bnplFromContainer } from "../../../lib/bnpl/resolve-options"
import { cartOfPaymentCollection, orderOfPaymentCollection } from "../../../lib/ledger/queries"
import { isBnplProvider } from "../../../lib/bnpl/session-data"
import { chooseLang } from "../../../storefront/lang"

/**
 * `POST /store/payment-collections/:id/payment-sessions` for the plugin's provider (`pp_bnpl_{id}`).
 *
 * A payment provider cannot read carts, and nothing a storefront sends may
 * decide the loan's cart id, amount or products. So this finds the payment
 * collection's cart and starts the loan there (src/api/store/payment-collections/start-loan-session.ts): a
 * snapshot of the cart from the database, Medusa's own
 * createPaymentSessionsWorkflow with it, the rule for a paid loan, and the
 * loan's ledger row. It answers exactly as Medusa's route does. Other
 * providers go on to Medusa's route untouched.
 */
export async function startLoanRoute(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const body = req.body as { provider_id?: unknown } | undefined
  const providerId = typeof body?.provider_id === "string" && isBnplProvider(body.provider_id) ? body.provider_id : undefined
  if (!providerId) return next()
  const collectionId = req.params.id
  const paymentCollection = await startLoan(req.scope, {
    payment_collection_id: collectionId,
    provider_id: providerId,
    ...(await holderOfPaymentCollection(req, collectionId)),
    customer_id: (req as AuthenticatedMedusaRequest).auth_context?.actor_id,
    fields: req.queryConfig.fields,
    lang: chooseLang(undefined, req.get("accept-language")),
  })
  res.status(200).json({ payment_collection: paymentCollection })
}

/** What the collection pays: a cart (checkout), else an order's balance (Medusa's payment link). */
async function holderOfPaymentCollection(req: MedusaRequest, paymentCollectionId: string): Promise<Pick<StartLoanInput, "cart_id" | "balance">> {
  const cartId = await cartOfPaymentCollection(req.scope, paymentCollectionId)
  if (cartId) return { cart_id: cartId }
  const orderId = await orderOfPaymentCollection(req.scope, paymentCollectionId)
  if (!orderId) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Payment collection ${paymentCollectionId} belongs to neither a cart nor an order.`)
  }
  const { paymentLinkUrl } = bnplFromContainer(req.scope).options
  if (!paymentLinkUrl) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "Paying an order's balance in installments needs the storefront's payment-link page: set BNPL_STOREFRONT_URL or BNPL_PAYMENT_LINK_URL.",
    )
  }
  return { cart_id: paymentCollectionId, balance: { paymentCollectionId, orderId, pageUrl: paymentLinkUrl } }
}
