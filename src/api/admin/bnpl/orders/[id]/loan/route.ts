import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { BnplServiceError } from "../../../../../../lib/service/client"
import { loanAtService } from "../../../../../../lib/ledger/loan-at-service"
import type { SessionData } from "../../../../../../lib/medusa/session-data"
import { ledgerOf } from "../../../../../../lib/ledger/ledger"
import { orderLoans } from "../../../../../../lib/medusa/queries"
import { type LedgerLoanJson, ledgerJson } from "../../../loans/ledger-view"
import { type LoanView, type OrderLoanJson, type OrderLoanQuery, type ServiceFailure, buildLoanView } from "../../loan-view"

/**
 * GET /admin/bnpl/orders/:id/loan[?loan_id=]: the live state of a loan an order was paid
 * with, for the order page widget: `loan_id`'s, else the order's first live loan, with every
 * loan of the order listed (`order_loans`: its checkout's, and a balance's). Medusa authenticates every /admin
 * route for admin users. The answer's shape is documented in ../../loan-view.ts.
 *
 * Nothing is cached: the status query is the truth, and an admin who opens
 * the page wants it now.
 */
export async function GET(req: AuthenticatedMedusaRequest<unknown, OrderLoanQuery>, res: MedusaResponse<LoanView | ServiceFailure>) {
  const orderId = req.params.id
  const orderLoans = await loansOfOrder(req.scope, orderId)
  const asked = req.validatedQuery.loan_id
  const chosen =
    asked === undefined
      ? (orderLoans.find((loan) => loan.live) ?? orderLoans[orderLoans.length - 1])
      : orderLoans.find((loan) => loan.session.loan_id === asked)
  if (!chosen) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Order ${orderId} has no financing loan ${asked}.`)
  const { session: payment, awaitingFinancing } = chosen

  const ledger = ledgerRowOf(
    req.scope,
    orderId,
    payment.loan_id,
    orderLoans.map((loan) => loan.session.loan_id),
  )
  const order_loans = await orderLoansJson(req.scope, orderLoans)
  try {
    const [{ loans, history }, row] = await Promise.all([loanAtService(req.scope, payment.service_cart_id), ledger])
    const awaiting = awaitingFinancing ? { checkoutUrl: payment.checkout_url } : undefined
    res.json({ ...buildLoanView({ orderId, loanId: payment.loan_id, cartId: payment.service_cart_id }, loans, history, row, awaiting), order_loans })
  } catch (error) {
    if (!(error instanceof BnplServiceError)) throw error
    // BnplServiceError messages are built without headers or credentials (client.ts).
    const logger = req.scope.resolve(ContainerRegistrationKeys.LOGGER)
    logger.warn(`[bnpl] loan of order ${orderId} (cart ${payment.service_cart_id}) could not be read: ${error.message}`)
    res.status(502).json({
      type: "bnpl_service_error",
      message: `The financing service could not be reached or failed (${error.message}). Try again in a moment.`,
      ledger: await ledger,
    })
  }
}

/**
 * The ledger's row of the loan shown: the order's row of that loan, else an order's row whose
 * loan no payment of the order names (a paid loan that became this order while the payment names
 * another: case 1 of the ledger's rule), else the loan's own row.
 */
async function ledgerRowOf(container: MedusaContainer, orderId: string, loanId: number, paymentLoans: number[]): Promise<LedgerLoanJson | null> {
  const ledger = ledgerOf(container)
  const ordered = await ledger.listBnplLoans({ order_id: orderId }, { order: { updated_at: "DESC" } })
  const row =
    ordered.find((r) => r.loan_id === loanId) ??
    ordered.find((r) => !paymentLoans.includes(r.loan_id)) ??
    (await ledger.listBnplLoans({ loan_id: loanId }, { take: 1 }))[0]
  return row ? ledgerJson(row) : null
}

/** A loan that paid (or waits to pay) part of the order: its checkout's, or a balance's (Medusa's payment link). */
interface OrderLoan {
  session: SessionData
  awaitingFinancing: boolean
  /** Its payment is not cancelled. */
  live: boolean
}

/** The order's loans as the widget lists them, each saying what it pays by its row's holder. */
async function orderLoansJson(container: MedusaContainer, loans: OrderLoan[]): Promise<OrderLoanJson[]> {
  const rows = await ledgerOf(container).listBnplLoans({ loan_id: loans.map((loan) => loan.session.loan_id) }, { select: ["loan_id", "holder"] })
  const balances = new Set(rows.filter((row) => row.holder === "order_balance").map((row) => row.loan_id))
  return loans.map(({ session, awaitingFinancing, live }) => ({
    loan_id: session.loan_id,
    service_cart_id: session.service_cart_id,
    pays: balances.has(session.loan_id) ? "balance" : "checkout",
    amount: session.amount,
    currency_code: session.currency_code,
    awaiting_financing: awaitingFinancing,
    canceled: !live,
  }))
}

/**
 * Every loan of the order, oldest first: one per pp_bnpl_{id} payment (the checkout's, then a
 * balance's after an order edit, an exchange or a claim). An order placed before its financing
 * (`orderBeforeFinancing`) has no payment yet: its session awaiting the loan (`pending_authorization`) names it.
 */
async function loansOfOrder(container: MedusaContainer, orderId: string): Promise<OrderLoan[]> {
  const order = await orderLoans(container, orderId)
  if (!order) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Order ${orderId} was not found.`)
  const loans: OrderLoan[] = [...order.payments]
    .sort((a, b) => time(a.createdAt) - time(b.createdAt))
    .map((payment) => ({ session: payment.session, awaitingFinancing: false, live: !payment.canceled }))
  const { awaited } = order
  if (awaited && !loans.some((loan) => loan.session.loan_id === awaited.loan_id))
    loans.push({ session: awaited, awaitingFinancing: true, live: true })
  if (!loans.length) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Order ${orderId} was not paid in installments: it has no financing loan.`)
  return loans
}

const time = (value: string | null) => (value ? Date.parse(value) : 0)
