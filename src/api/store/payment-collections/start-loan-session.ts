import { MedusaError } from "@medusajs/framework/utils"
import type { MedusaContainer, PaymentCollectionDTO, PaymentSessionDTO } from "@medusajs/framework/types"
import { createPaymentSessionsWorkflow } from "@medusajs/medusa/core-flows"
import { isPaid } from "../../../lib/bnpl/status"
import { sameAmount, toDecimal } from "../../../lib/bnpl/money"
import { bnplFromContainer } from "../../../lib/bnpl/resolve-options"
import { readSessionData } from "../../../lib/bnpl/session-data"
import { readCartForLoan } from "../../../lib/ledger/cart-snapshot"
import { type OrderBalance, readBalanceForLoan } from "../../../lib/ledger/balance-snapshot"
import { excludesAny } from "../../../lib/catalog/exclusions"
import { excludedItemsOfCart, excludedItemsOfOrder } from "../../../lib/catalog/excluded-items"
import { productExcludedMessage } from "../../../storefront/messages"
import type { Lang } from "../../../storefront/lang"
import { ledgerOf, underCartLock } from "../../../lib/ledger/ledger"
import { cartHolder, type LoanHolder } from "../../../lib/ledger/holder"
import { cartTotal } from "../../../lib/ledger/queries"
import { bookOfCart, refundBlock, remainingOn, unexplained } from "../../../lib/ledger/refund-book"
import { recordLoanSessionWorkflow } from "../../../workflows/record-loan-session"
import { refundReplacedLoanWorkflow } from "../../../workflows/refund-replaced-loan"

/**
 * Creates a payment session of the plugin's provider, and with it the loan's ledger row.
 *
 * The store route `POST /store/payment-collections/:id/payment-sessions` runs
 * this for the plugin's provider (src/api/store/payment-collections/start-loan.ts):
 * Medusa's own createPaymentSessionsWorkflow, with the plugin's rule for a
 * paid loan first, and the ledger row after, under the cart's lock.
 *
 * A paid loan outranks a new selection. While the cart's total still equals
 * the paid loan's, the new session takes that loan over: no second loan, and
 * the paid one becomes the order. When the cart changed so that the paid loan
 * can no longer be its payment, the paid loan is refunded in full before a new
 * loan is created, and the ledger and the log say so.
 *
 * Not a workflow of its own: session creation is on the shopper's path, and a
 * wrapping workflow (lock steps, a nested createPaymentSessionsWorkflow) cost
 * more than the ledger itself (`npm run bench`, session creation). The ledger's
 * changes are the small workflows it runs under the lock it holds
 * (record-loan-session, refund-replaced-loan). Nothing here needs
 * compensation: Medusa's workflow undoes its own steps, a paid loan refunded
 * stays refunded, and a row missing after a crash is backfilled by
 * reconciliation.
 */
export interface StartLoanInput {
  payment_collection_id: string
  /** The plugin's provider as the store registered it (`pp_bnpl_{id}`). */
  provider_id: string
  /**
   * The loan's `cartId` at the service: the payment collection's cart, from Medusa's link, never
   * from the storefront; for an order's balance, the collection's own id.
   */
  cart_id: string
  /** The collection is an order's balance (Medusa's payment link), not a cart's. */
  balance?: OrderBalance
  customer_id?: string
  /** The payment collection's fields in the answer (the route's query config). */
  fields: string[]
  /** The shopper's language, for a refusal they read. */
  lang: Lang
}

const holderOf = (input: StartLoanInput): LoanHolder =>
  input.balance
    ? { type: "order_balance", payment_collection_id: input.balance.paymentCollectionId, service_cart_id: input.cart_id }
    : cartHolder(input.cart_id)

type PaidLoanDecision = { adopt?: { loanId: number; checkoutUrl: string; rowId: string } }

export async function startLoan(container: MedusaContainer, input: StartLoanInput): Promise<PaymentCollectionDTO> {
  await refuseExcludedProducts(container, input)
  return underCartLock(container, input.cart_id, async () => {
    const [{ snapshot, paid }, decision] = await Promise.all([
      input.balance ? readBalanceForLoan(container, input.balance) : readCartForLoan(container, input.cart_id, input.payment_collection_id),
      settlePaidLoan(container, input),
    ])
    if (paid) {
      // A second loan for a paid cart would be a second payable loan: the service refunds by cart, not by loan.
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        input.balance ? "This balance is already paid." : "This cart is already paid. Start a new cart to buy again.",
      )
    }
    const adoptLoan = decision.adopt ? { loanId: decision.adopt.loanId, checkoutUrl: decision.adopt.checkoutUrl } : undefined
    const { result: session } = await createPaymentSessionsWorkflow(container).run({
      input: {
        payment_collection_id: input.payment_collection_id,
        provider_id: input.provider_id,
        customer_id: input.customer_id,
        data: { cart: { ...snapshot, ...(adoptLoan ? { adoptLoan } : {}) } },
      },
    })
    // The answer is read while the row is written: both only wait on the database.
    const [, collection] = await Promise.all([recordLoan(container, input, session, decision.adopt?.rowId), readCollection(container, input)])
    return collection
  })
}

/** A cart holding a product the store does not finance gets no loan, before anything else is asked. */
async function refuseExcludedProducts(container: MedusaContainer, input: StartLoanInput): Promise<void> {
  const { options } = bnplFromContainer(container)
  if (!excludesAny(options)) return
  const excluded = input.balance
    ? await excludedItemsOfOrder(container, input.balance.orderId, options)
    : await excludedItemsOfCart(container, input.cart_id, options)
  if (!excluded.length) return
  const why = excluded.map((item) => `${item.title} (${item.why})`).join("; ")
  container.resolve("logger").info(`[bnpl] cart ${input.cart_id}: no loan, the store does not finance ${why}`)
  throw new MedusaError(MedusaError.Types.NOT_ALLOWED, productExcludedMessage([...new Set(excluded.map((item) => item.title))], input.lang))
}

async function settlePaidLoan(container: MedusaContainer, input: StartLoanInput): Promise<PaidLoanDecision> {
  const cartId = input.cart_id
  const rows = await ledgerOf(container).listUndecidedLoansOfCart(cartId)
  if (!rows.length) return {}
  const { client } = bnplFromContainer(container)
  const loans = await client.getLoans(cartId)
  const logger = container.resolve("logger")
  for (const row of rows) {
    const loan = loans.find((l) => l.loanId === row.loan_id)
    if (!loan || !isPaid(loan)) continue
    const [history, book, total] = await Promise.all([
      client.getRefunds(cartId),
      bookOfCart(container, cartId),
      cartTotal(container, holderOf(input)),
    ])
    // A loan with a refund (or closed) cannot become the order's payment: what remains of it is
    // refunded before a new loan, and while a refund of it is unclear no new loan is made.
    const blocked = refundBlock(loan, cartId, history, book)
    if (blocked && (!("remaining" in remainingOn(book, loan)) || unexplained(history, book).length)) {
      logger.warn(`[bnpl] cart ${cartId}: no new loan while a refund of paid loan ${loan.loanId} is unclear: ${blocked}`)
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "This cart's earlier installment payment is being checked by the store. Try again later.")
    }
    if (!blocked && total !== undefined && sameAmount(loan.totalAmount, total)) {
      return { adopt: { loanId: loan.loanId, checkoutUrl: row.checkout_url ?? "", rowId: row.id } }
    }
    if (loan.status === "HISTORICAL") continue
    const reason = blocked
      ? `loan ${loan.loanId} was partly refunded after it was paid`
      : `the cart changed to ${total === undefined ? "?" : toDecimal(total)} after loan ${loan.loanId} was paid for ${loan.totalAmount}`
    const { result: refundedNow } = await refundReplacedLoanWorkflow(container)
      .run({ input: { ledger_id: row.id, reason } })
      .catch((error: Error) => {
        logger.error(`[bnpl] cart ${cartId}: paid loan ${loan.loanId} could not be refunded (${error.message}); no new loan is created`)
        throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "This cart's earlier installment payment is being returned. Try again in a moment.")
      })
    logger.warn(`[bnpl] cart ${cartId}: ${reason}; refunded ${refundedNow} at the service before creating a new loan`)
  }
  return {}
}

/** Every loan gets its row in the request that created it, and keeps it after its session is gone. */
async function recordLoan(container: MedusaContainer, input: StartLoanInput, session: PaymentSessionDTO, adoptedRowId?: string): Promise<void> {
  const loan = readSessionData(session.data)
  if (!loan) return
  // A loan the service has just made has no row: every writer of rows, reconciliation's
  // backfill included, holds this cart's lock, as this request does.
  await recordLoanSessionWorkflow(container).run({
    input: {
      cart_id: input.cart_id,
      holder: holderOf(input).type,
      payment_collection_id: input.payment_collection_id,
      payment_session_id: session.id,
      loan,
      ...(adoptedRowId ? { adopted_row_id: adoptedRowId } : {}),
    },
  })
}

async function readCollection(container: MedusaContainer, input: StartLoanInput): Promise<PaymentCollectionDTO> {
  const { data } = await container
    .resolve("query")
    .graph({ entity: "payment_collection", fields: input.fields, filters: { id: input.payment_collection_id } })
  return data[0] as PaymentCollectionDTO
}
