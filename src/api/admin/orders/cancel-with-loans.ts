import type { AuthenticatedMedusaRequest, MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, remoteQueryObjectFromString } from "@medusajs/framework/utils"
import { withRefundSender } from "../../../lib/bnpl/refund-sender"
import { orderPayments } from "../../../lib/ledger/queries"
import { bookingSender } from "../../../lib/ledger/refund-book"
import { cancelOrderWithLoansWorkflow } from "../../../workflows/cancel-refund"

/**
 * `POST /admin/orders/:id/cancel` for an order a loan paid: the plugin's workflow runs Medusa's
 * cancelOrderWorkflow and then refunds the loan, so a refund the service refuses undoes the
 * cancel (src/workflows/cancel-refund.ts). It answers exactly as Medusa's route does, with the
 * order in the fields the request asked for; every other order goes on to Medusa's route.
 */
export async function cancelWithLoans(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const orderId = req.params.id
  if (!(await orderPayments(req.scope, orderId)).length) return next()
  // Medusa's cancel refunds a captured payment through the provider: booked like any refund.
  const send = bookingSender(req.scope, { reason: "order cancelled in Medusa", takeLock: true })
  await withRefundSender(send, () =>
    cancelOrderWithLoansWorkflow(req.scope).run({
      input: { order_id: orderId, canceled_by: (req as AuthenticatedMedusaRequest).auth_context.actor_id },
    }),
  )
  const remoteQuery = req.scope.resolve(ContainerRegistrationKeys.REMOTE_QUERY)
  const [order] = await remoteQuery(remoteQueryObjectFromString({ entryPoint: "order", variables: { id: orderId }, fields: req.queryConfig.fields }))
  res.status(200).json({ order })
}
