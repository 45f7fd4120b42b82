import type { AuthenticatedMedusaRequest, MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { isBnplProvider } from "../../../lib/bnpl/session-data"
import { chooseLang } from "../../../storefront/lang"
import { startLoanSessionWorkflow } from "../../../workflows/start-loan-session"

/**
 * `POST /store/payment-collections/:id/payment-sessions` for the plugin's provider (`pp_bnpl_{id}`).
 *
 * Runs the session's workflow (src/workflows/start-loan-session.ts), which finds what the payment
 * collection pays from Medusa's links: nothing a storefront sends may decide the loan's cart,
 * amount or products. It answers exactly as Medusa's route does. Other providers go on to
 * Medusa's route untouched.
 */
export async function startLoanRoute(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const body = req.body as { provider_id?: unknown } | undefined
  const providerId = typeof body?.provider_id === "string" && isBnplProvider(body.provider_id) ? body.provider_id : undefined
  if (!providerId) return next()
  const collectionId = req.params.id
  const { result: paymentCollection } = await startLoanSessionWorkflow(req.scope).run({
    input: {
      payment_collection_id: collectionId,
      provider_id: providerId,
      customer_id: (req as AuthenticatedMedusaRequest).auth_context?.actor_id,
      fields: req.queryConfig.fields,
      lang: chooseLang(undefined, req.get("accept-language")),
    },
  })
  res.status(200).json({ payment_collection: paymentCollection })
}
