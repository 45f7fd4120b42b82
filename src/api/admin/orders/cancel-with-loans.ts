import type { AuthenticatedMedusaRequest, MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError, remoteQueryObjectFromString } from "@medusajs/framework/utils"
import { withHandOver } from "../../../lib/provider-channel/hand-over"
import { loanLocksOf, underLocks } from "../../../lib/ledger/locks"
import { holderOfRow } from "../../../modules/bnpl/holder"
import { recordRefundsOnOrder } from "../../../lib/medusa/order-transactions"
import { orderPayments } from "../../../lib/medusa/queries"
import { awaitedLoansOfOrder } from "../../../lib/ledger/loans-of-order"
import { confirmLoan } from "../../../workflows/confirm-loan"
import { endOrderLinks } from "../../../workflows/end-order-links"
import {
  bookedIdsOfOrder,
  cancelOrderWithLoansWorkflow,
  cancelRefunds,
  listLoansOfStoppedCancel,
  refundsOnTheirWay,
} from "../../../workflows/cancel-refund"

/**
 * An order placed before its financing whose loan was paid while its confirmation is on its way
 * (a late webhook): the loan is confirmed onto the order first, so the cancel refunds it with the
 * order instead of leaving a paid loan to reconciliation. Answers the order's payments after.
 */
async function confirmAwaitedLoans(container: MedusaRequest["scope"], orderId: string) {
  const { cartId, rows } = await awaitedLoansOfOrder(container, orderId)
  if (!cartId || !rows.length) return []
  for (const row of rows) await confirmLoan(container, { holder: holderOfRow(row), loan_id: row.loan_id })
  return orderPayments(container, orderId)
}

/**
 * `POST /admin/orders/:id/cancel`. First, every link of the order's balance still out is cancelled
 * at the service, or the cancel is refused (src/workflows/end-order-links.ts). Then, for an order a loan paid: the plugin's workflow runs Medusa's
 * cancelOrderWorkflow and then refunds the loan, so a refund the service refuses undoes the
 * cancel (src/workflows/cancel-refund.ts). It answers exactly as Medusa's route does, with the
 * order in the fields the request asked for; every other order goes on to Medusa's route.
 */
export async function cancelWithLoans(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const orderId = req.params.id
  const payable = await endOrderLinks(req.scope, orderId)
  if (payable.length) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Order ${orderId} was not cancelled: its customer could still pay ${payable.map((l) => `${l.what} (${l.why})`).join("; ")}. Try the cancel again in a moment.`,
    )
  }
  const found = await orderPayments(req.scope, orderId)
  const payments = found.length ? found : await confirmAwaitedLoans(req.scope, orderId)
  if (!payments.length) return next()
  // One writer per loan: a second cancel, a refund or a confirmation of a loan of the same holders waits for this one.
  const carts = payments.map((p) => p.session.service_cart_id)
  await underLocks(req.scope, await loanLocksOf(req.scope, carts), async () => {
    // Medusa's cancel refunds a captured payment through the provider: booked like any refund.
    const bookedBefore = await bookedIdsOfOrder(req.scope, orderId)
    const actor = (req as AuthenticatedMedusaRequest).auth_context.actor_id
    const refunds = cancelRefunds(
      req.scope,
      payments.map((p) => p.paymentId),
      actor,
    )
    await withHandOver({ refunds }, { carts }, () =>
      cancelOrderWithLoansWorkflow(req.scope).run({
        input: { order_id: orderId, canceled_by: actor },
      }),
    ).catch(async (error: Error) => {
      // Rolling the cancel back undid Medusa's order transactions; the refunds that went out stay.
      await recordRefundsOnOrder(req.scope, orderId, await refundsOnTheirWay(req.scope, orderId))
      const wentOut = await listLoansOfStoppedCancel(req.scope, orderId, bookedBefore)
      if (!wentOut.length) throw error
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Order ${orderId} was not cancelled: ${error.message.replace(/^Order \S+ was not cancelled: /, "")} What this cancel already refunded is recorded (${wentOut.join("; ")}), and the loans are on the loans page: settle what is unclear there, then cancel again.`,
      )
    })
  })
  const remoteQuery = req.scope.resolve(ContainerRegistrationKeys.REMOTE_QUERY)
  const [order] = await remoteQuery(remoteQueryObjectFromString({ entryPoint: "order", variables: { id: orderId }, fields: req.queryConfig.fields }))
  res.status(200).json({ order })
}
