import type { AuthenticatedMedusaRequest, MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { isBnplProvider } from "../../../lib/medusa/session-data"
import { recordSessionsWithoutRows } from "../../../reconciliation/backfill"
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
  const { result: paymentCollection } = await startLoanSessionWorkflow(req.scope)
    .run({
      input: {
        payment_collection_id: collectionId,
        provider_id: providerId,
        customer_id: (req as AuthenticatedMedusaRequest).auth_context?.actor_id,
        fields: req.queryConfig.fields,
        lang: chooseLang(undefined, req.get("accept-language")),
      },
    })
    .catch(async (error: unknown) => {
      await recordRecreatedSessions(req.scope, collectionId)
      throw error
    })
  res.status(200).json({ payment_collection: paymentCollection })
}

/**
 * A session creation that failed after Medusa deleted the collection's sessions has them
 * re-created by Medusa's rollback (deletePaymentSessionsStep's compensation), and the provider
 * makes each one a new loan, which the shopper can be sent to and pay: its row is written now,
 * as every loan's is in the request that made it, not left to reconciliation's backfill (which
 * an order placed first would leave waiting on a loan nobody tracks meanwhile).
 */
async function recordRecreatedSessions(container: MedusaContainer, collectionId: string): Promise<void> {
  try {
    const sessions = await container
      .resolve(Modules.PAYMENT)
      .listPaymentSessions({ payment_collection_id: collectionId }, { select: ["id", "provider_id"] })
    const ids = sessions.filter((session) => isBnplProvider(session.provider_id)).map((session) => session.id)
    if (ids.length) await recordSessionsWithoutRows(container, ids)
  } catch (error) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(`[bnpl] the loans of payment collection ${collectionId}'s sessions are left to reconciliation: ${(error as Error).message}`)
  }
}
