import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { BnplServiceError } from "../../../../../../lib/bnpl/client"
import { bnplFromContainer } from "../../../../../../lib/bnpl/resolve-options"
import { awaitedSessionData, isBnplProvider, type SessionData, readSessionData } from "../../../../../../lib/bnpl/session-data"
import { ledgerOf } from "../../../../../../lib/ledger/ledger"
import { type LedgerLoanJson, ledgerJson } from "../../../loans/ledger-view"
import { type LoanView, type ServiceFailure, buildLoanView } from "../../loan-view"

/**
 * GET /admin/bnpl/orders/:id/loan: the live state of the loan an order was
 * paid with, for the order page widget. Medusa authenticates every /admin
 * route for admin users. The answer's shape is documented in ../../loan-view.ts.
 *
 * Nothing is cached: the status query is the truth, and an admin who opens
 * the page wants it now.
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse<LoanView | ServiceFailure>) {
  const orderId = req.params.id
  const { session: payment, awaitingFinancing } = await bnplPaymentOf(req.scope, orderId)

  const { client } = bnplFromContainer(req.scope)
  const ledger = ledgerRowOfOrder(req.scope, orderId, payment.loan_id)
  try {
    const [loans, refunds, row] = await Promise.all([client.getLoans(payment.cart_id), client.getRefunds(payment.cart_id), ledger])
    const awaiting = awaitingFinancing ? { checkoutUrl: payment.checkout_url } : undefined
    res.json(buildLoanView({ orderId, loanId: payment.loan_id, cartId: payment.cart_id }, loans, refunds, row, awaiting))
  } catch (error) {
    if (!(error instanceof BnplServiceError)) throw error
    // BnplServiceError messages are built without headers or credentials (client.ts).
    const logger = req.scope.resolve(ContainerRegistrationKeys.LOGGER)
    logger.warn(`[bnpl] loan of order ${orderId} (cart ${payment.cart_id}) could not be read: ${error.message}`)
    res.status(502).json({
      type: "bnpl_service_error",
      message: `The financing service could not be reached or failed (${error.message}). Try again in a moment.`,
      ledger: await ledger,
    })
  }
}

/** The ledger's row for the order: the one that became this order, else the one its payment names. */
async function ledgerRowOfOrder(container: MedusaContainer, orderId: string, loanId: number): Promise<LedgerLoanJson | null> {
  const ledger = ledgerOf(container)
  const [ordered] = await ledger.listBnplLoans({ order_id: orderId }, { take: 1, order: { updated_at: "DESC" } })
  const [named] = ordered ? [ordered] : await ledger.listBnplLoans({ loan_id: loanId }, { take: 1 })
  return named ? ledgerJson(named) : null
}

interface PaymentRow {
  provider_id: string
  data: Record<string, unknown> | null
  canceled_at?: string | Date | null
  created_at?: string | Date | null
}

interface OrderRow {
  id: string
  payment_collections?: Array<{
    payments?: PaymentRow[] | null
    payment_sessions?: Array<{ provider_id: string; status: string; data: Record<string, unknown> | null } | null> | null
  } | null> | null
}

/**
 * The session data of the order's pp_bnpl_bnpl payment: the live one, else the latest. An order
 * placed before its financing (`orderBeforeFinancing`) has no payment yet: its session awaiting
 * the loan (`pending_authorization`) names it.
 */
async function bnplPaymentOf(container: MedusaContainer, orderId: string): Promise<{ session: SessionData; awaitingFinancing: boolean }> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "payment_collections.payments.*", "payment_collections.payment_sessions.*"],
    filters: { id: orderId },
  })
  const order = data[0] as OrderRow | undefined
  if (!order) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Order ${orderId} was not found.`)

  const payments = (order.payment_collections ?? [])
    .flatMap((collection) => collection?.payments ?? [])
    .filter((payment) => isBnplProvider(payment.provider_id))
    .sort((a, b) => Number(!a.canceled_at) - Number(!b.canceled_at) || time(a.created_at) - time(b.created_at))
  const session = payments
    .map((payment) => readSessionData(payment.data))
    .filter((read): read is SessionData => !!read)
    .pop()
  if (session) return { session, awaitingFinancing: false }
  const awaitedData = awaitedSessionData((order.payment_collections ?? []).flatMap((collection) => collection?.payment_sessions ?? []))
  if (awaitedData) return { session: awaitedData, awaitingFinancing: true }
  throw new MedusaError(MedusaError.Types.NOT_FOUND, `Order ${orderId} was not paid in installments: it has no financing loan.`)
}

const time = (value: string | Date | null | undefined) => (value ? new Date(value).getTime() : 0)
