import { randomUUID } from "crypto"
import { AbstractPaymentProvider, MedusaError, PaymentActions, PaymentSessionStatus } from "@medusajs/framework/utils"
import type {
  AuthorizePaymentInput,
  AuthorizePaymentOutput,
  CancelPaymentInput,
  CancelPaymentOutput,
  CapturePaymentInput,
  CapturePaymentOutput,
  DeletePaymentInput,
  DeletePaymentOutput,
  GetPaymentStatusInput,
  GetPaymentStatusOutput,
  InitiatePaymentInput,
  InitiatePaymentOutput,
  Logger,
  ProviderWebhookPayload,
  RefundPaymentInput,
  RefundPaymentOutput,
  RetrievePaymentInput,
  RetrievePaymentOutput,
  UpdatePaymentInput,
  UpdatePaymentOutput,
  WebhookActionResult,
} from "@medusajs/framework/types"
import { confirmedLoan } from "./confirmed-loan"
import { BnplClient } from "./client"
import { queueForCart } from "./provider-cart-queue"
import { loanLines } from "./cart-snapshot"
import { asMedusaError, asShopperError } from "./errors"
import { sameAmount, toCents, toDecimal, toPesos } from "./money"
import { BnplOptions, BnplOptionsInput, parseOptions } from "./options"
import { InitiateData, SessionData, readSessionData } from "./session-data"
import { LOAN_PAYMENT, SESSION_STATUS, authorizationOf, isPaid, unreachable } from "./status"
import { RefundRejectedError, isZero, refundOnce, refundableOn, refundsOfLoan } from "./refunds"
import type { LoanRecord } from "./wire"

type Cradle = { logger: Logger }

/**
 * Medusa's payment lifecycle, translated into calls to the financing service.
 * No HTTP here: `client.ts` owns the wire. Every decision about a loan's state
 * comes from the status query, never from what a caller passed in.
 */
export class BnplProviderService extends AbstractPaymentProvider<BnplOptionsInput> {
  static identifier = "bnpl"

  private readonly options: BnplOptions
  private readonly client: BnplClient
  private readonly logger: Logger

  static validateOptions(options: Record<string, unknown>): void {
    parseOptions(options as BnplOptionsInput)
  }

  constructor(cradle: Cradle, options: BnplOptionsInput) {
    super(cradle, options)
    this.options = parseOptions(options)
    this.client = new BnplClient(this.options)
    this.logger = cradle.logger
  }

  async initiatePayment({ amount, currency_code, data }: InitiatePaymentInput): Promise<InitiatePaymentOutput> {
    const parsed = InitiateData.safeParse(data)
    if (!parsed.success) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        "Pay in installments needs the cart snapshot that medusa-payment-bnpl's middleware adds to " +
          'POST /store/payment-collections/:id/payment-sessions. Register the plugin in medusa-config.ts (plugins: ["medusa-payment-bnpl"]).',
      )
    }
    const { cart } = parsed.data
    this.assertEligible(amount, currency_code)
    if (cart.adoptLoan) return this.adopt(cart.cartId, cart.adoptLoan, amount, currency_code)

    const created = await queueForCart(cart.cartId, async () => {
      // Medusa deletes the replaced session in parallel, and the service
      // cancels by cart: the old loan must go before the new one exists.
      if (cart.replacesLoan) await this.cancelUnpaidLoans(cart.cartId, "replaced by a new payment session")
      const withCart = (url: string) => appendQuery(url, "cart_id", cart.cartId)
      return this.client.createLoan({
        totalPrice: toPesos(amount),
        shopId: this.options.shopId,
        cartId: cart.cartId,
        successUrl: withCart(this.options.successUrl),
        errorUrl: withCart(this.options.errorUrl),
        cartUrl: withCart(this.options.cartUrl),
        webHookUrl: this.options.webHookUrl,
        ...loanLines(cart, amount),
      })
    }).catch((error) => {
      throw this.forShopper(error, "start the loan")
    })

    this.logger.info(`[bnpl] loan ${created.loanId} created for cart ${cart.cartId}`)
    const sessionData: SessionData = {
      cart_id: cart.cartId,
      loan_id: created.loanId,
      checkout_url: created.url,
      amount: toDecimal(amount),
      currency_code: currency_code.toLowerCase(),
      loan_status: "REQUEST",
    }
    return { id: String(created.loanId), data: sessionData, status: PaymentSessionStatus.PENDING }
  }

  async authorizePayment({ data }: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    const session = this.sessionData(data)
    // Cart completion from the storefront lands here: a failure is worded for the shopper.
    const loan =
      confirmedLoan(session.loan_id) ??
      (await this.loanOf(session).catch((error) => {
        throw this.forShopper(error, "confirm the installment payment")
      }))
    if (isPaid(loan) && !sameAmount(loan.totalAmount, session.amount)) {
      this.logger.warn(
        `[bnpl] loan ${loan.loanId} of cart ${session.cart_id} is paid for ${loan.totalAmount}, but the session is for ${session.amount}`,
      )
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Loan ${loan.loanId} was paid for ${loan.totalAmount}, not the cart's ${session.amount}. Start the payment again; the paid loan is refunded or listed for the store.`,
      )
    }
    const decision = authorizationOf(loan.status, this.options.autoCapture)
    if ("refuse" in decision) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `The first installment of loan ${loan.loanId} has not been paid yet. Pay it on the financing service's checkout page, then complete the order again.`,
      )
    }
    return {
      data: { ...session, loan_status: loan.status, ...(decision.captured ? { captured: true } : {}) },
      status: decision.status,
    }
  }

  /** The service settles with the merchant itself; capturing only confirms the loan is still paid. */
  async capturePayment({ data }: CapturePaymentInput): Promise<CapturePaymentOutput> {
    const session = this.sessionData(data)
    if (session.captured) return { data: session }
    const loan = await this.loanOf(session)
    if (!isPaid(loan)) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Loan ${loan.loanId} is ${loan.status} at the service, so it cannot be captured.`)
    }
    return { data: { ...session, loan_status: loan.status, captured: true } }
  }

  /**
   * Medusa cancels an uncaptured payment when its order is cancelled. A paid
   * loan cannot be cancelled at the service, only refunded: what remains of
   * it is refunded, so the customer stops paying installments for an order
   * that will not ship. A REJECTED refund stops the cancellation.
   */
  async cancelPayment({ data, context }: CancelPaymentInput): Promise<CancelPaymentOutput> {
    const session = readSessionData(data)
    if (!session) return { data: data ?? {} }
    const payment = loanPayment(await this.loanOf(session))
    switch (payment) {
      case "pending":
      case "cancelled":
        return { data: await this.cancelIfUnpaid(data, "payment canceled in Medusa") }
      case "paid":
        return { data: await this.refundRemaining(session, context?.idempotency_key) }
      default:
        return unreachable(payment)
    }
  }

  /**
   * Medusa deletes sessions when the cart changes, and after a failed
   * initiation (with no loan yet). A service outage must not block the cart,
   * so this never throws: a loan left unpaid here is cancelled by the next
   * `initiatePayment` on the same cart, which cancels every unpaid loan first.
   */
  async deletePayment({ data }: DeletePaymentInput): Promise<DeletePaymentOutput> {
    try {
      return { data: await this.cancelIfUnpaid(data, "payment session deleted in Medusa") }
    } catch (error) {
      this.logger.warn(`[bnpl] could not cancel the loan of a deleted session: ${(error as Error).message}`)
      return { data: data ?? {} }
    }
  }

  /**
   * One request to the service per Medusa refund: Medusa's refund id is the
   * idempotency key, and after a lost reply the refund history decides
   * (refunds.ts). A refund reconciliation found made at the service arrives
   * with `record_service_refund` in the payment's data: it is recorded, not
   * sent again.
   */
  async refundPayment({ data, amount, context }: RefundPaymentInput): Promise<RefundPaymentOutput> {
    const session = this.sessionData(data)
    const marker = (data as { record_service_refund?: string } | undefined)?.record_service_refund
    if (marker && sameAmount(marker, amount)) {
      this.logger.info(`[bnpl] refund of ${toDecimal(amount)} made at the service on loan ${session.loan_id} recorded in Medusa`)
      return { data: { ...session } }
    }
    const request = { cartId: session.cart_id, totalAmount: toDecimal(amount), reason: "refund from Medusa admin" }
    const done = await refundOnce(this.client, request, context?.idempotency_key ?? randomUUID()).catch((error) => {
      throw this.refundError(error, session, toDecimal(amount))
    })
    this.logger.info(
      `[bnpl] refund ${done.refundId ?? ""} of ${toDecimal(amount)} ${done.recovered ? "found applied after a lost reply" : "requested"} for loan ${session.loan_id}`,
    )
    return { data: session }
  }

  async getPaymentStatus({ data }: GetPaymentStatusInput): Promise<GetPaymentStatusOutput> {
    const session = this.sessionData(data)
    const loan = await this.loanOf(session)
    return { status: SESSION_STATUS[loan.status], data: { ...session, loan_status: loan.status } }
  }

  async retrievePayment({ data }: RetrievePaymentInput): Promise<RetrievePaymentOutput> {
    const session = this.sessionData(data)
    const loan = await this.loanOf(session)
    return { data: { ...session, loan_status: loan.status, loan } }
  }

  /** A loan cannot be changed at the service; Medusa replaces the session instead. */
  async updatePayment({ data }: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    return { data: data ?? {} }
  }

  /**
   * Medusa's built-in `/hooks/payment/bnpl_bnpl` answers 200 before anyone
   * looks at the request and cannot tell a payment session from the body, so
   * it authorizes nothing here. The service must be given `/hooks/bnpl`, which
   * authenticates, verifies with the status query and answers honestly.
   */
  async getWebhookActionAndData(_payload: ProviderWebhookPayload["payload"]): Promise<WebhookActionResult> {
    this.logger.warn("[bnpl] a webhook reached /hooks/payment/bnpl_bnpl and was ignored: give the service the URL {backend}/hooks/bnpl")
    return { action: PaymentActions.NOT_SUPPORTED }
  }

  private assertEligible(amount: InitiatePaymentInput["amount"], currency: string) {
    const { currencies, minAmount, maxAmount } = this.options
    if (!currencies.includes(currency.toLowerCase())) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `Pay in installments is not available for ${currency.toUpperCase()}; it accepts ${currencies.map((c) => c.toUpperCase()).join(", ")}.`,
      )
    }
    const cents = toCents(amount)
    if (cents < toCents(minAmount) || cents > toCents(maxAmount)) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `Pay in installments is available for totals from ${toDecimal(minAmount)} to ${toDecimal(maxAmount)} ${currency.toUpperCase()}; this cart is ${toDecimal(amount)}.`,
      )
    }
  }

  private sessionData(data: unknown): SessionData {
    const session = readSessionData(data)
    if (!session) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        "This payment has no loan of the financing service attached (its data lacks loan_id or cart_id).",
      )
    }
    return session
  }

  private async loanOf(session: SessionData): Promise<LoanRecord> {
    const loan = await this.client.getLoan(session.cart_id, session.loan_id).catch((error) => {
      throw asMedusaError(error, `check loan ${session.loan_id}`)
    })
    if (!loan) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `The service has no loan ${session.loan_id} for cart ${session.cart_id}.`)
    }
    return loan
  }

  private async cancelIfUnpaid(data: unknown, reason: string): Promise<Record<string, unknown>> {
    const session = readSessionData(data)
    if (!session) return (data as Record<string, unknown>) ?? {}
    return queueForCart(session.cart_id, async () => {
      const { loan, cancelled } = await this.client.cancelIfUnpaid(session.cart_id, session.loan_id, reason)
      if (!cancelled) return { ...session, loan_status: loan?.status ?? "CANCELLED" }
      this.logger.info(`[bnpl] loan ${session.loan_id} of cart ${session.cart_id} cancelled: ${reason}`)
      return { ...session, loan_status: "CANCELLED" }
    }).catch((error) => {
      throw asMedusaError(error, `cancel loan ${session.loan_id}`)
    })
  }

  /** What remains of a paid loan, refunded; nothing when the history shows it all refunded already. */
  private async refundRemaining(session: SessionData, idempotencyKey?: string): Promise<Record<string, unknown>> {
    const action = `refund loan ${session.loan_id} of a cancelled payment`
    const [loans, history] = await Promise.all([this.client.getLoans(session.cart_id), this.client.getRefunds(session.cart_id)]).catch((error) => {
      throw asMedusaError(error, action)
    })
    const loan = loans.find((l) => l.loanId === session.loan_id)
    const remaining = loan ? refundableOn(loan, refundsOfLoan(history, loans, session.loan_id)) : "0.00"
    if (isZero(remaining)) return { ...session, loan_status: loan?.status ?? session.loan_status }
    const request = { cartId: session.cart_id, totalAmount: remaining, reason: "order cancelled in Medusa" }
    await refundOnce(this.client, request, idempotencyKey ?? randomUUID()).catch((error) => {
      throw this.refundError(error, session, remaining)
    })
    this.logger.info(`[bnpl] loan ${session.loan_id} of cart ${session.cart_id} is paid: refunded the remaining ${remaining} instead of cancelling`)
    return { ...session, loan_status: loan?.status ?? session.loan_status }
  }

  /** The operator's detail goes to the log; the shopper gets what they can do. */
  private forShopper(error: unknown, action: string): MedusaError {
    const shopper = asShopperError(error, action)
    if (shopper !== error) this.logger.warn(`[bnpl] ${asMedusaError(error, action).message}`)
    return shopper
  }

  private refundError(error: unknown, session: SessionData, amount: string): MedusaError {
    if (error instanceof RefundRejectedError) {
      return new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `The service rejected the refund of ${amount} on loan ${session.loan_id}: it exceeds what remains refundable there, or the loan can no longer be refunded. Check the loan in the service's portal.`,
      )
    }
    return asMedusaError(error, `refund ${amount} on loan ${session.loan_id}`)
  }

  /**
   * A new session takes over the cart's paid loan instead of creating a
   * second one: the cart still matches it, so it must become the order.
   */
  private adopt(
    cartId: string,
    loan: { loanId: number; checkoutUrl: string },
    amount: InitiatePaymentInput["amount"],
    currency: string,
  ): InitiatePaymentOutput {
    this.logger.info(`[bnpl] cart ${cartId}: the new payment session takes over paid loan ${loan.loanId}`)
    const sessionData: SessionData = {
      cart_id: cartId,
      loan_id: loan.loanId,
      checkout_url: loan.checkoutUrl,
      amount: toDecimal(amount),
      currency_code: currency.toLowerCase(),
      loan_status: "OUTSTANDING",
    }
    return { id: String(loan.loanId), data: sessionData, status: PaymentSessionStatus.PENDING }
  }

  /** The service cancels by cart: every unpaid loan of the cart goes at once. */
  private async cancelUnpaidLoans(cartId: string, reason: string) {
    const unpaid = (await this.client.getLoans(cartId)).filter((loan) => loan.status === "REQUEST")
    if (!unpaid.length) return
    await this.client.cancelLoan({ cartId, totalAmount: unpaid[unpaid.length - 1].totalAmount, reason })
    this.logger.info(`[bnpl] loans ${unpaid.map((l) => l.loanId).join(", ")} of cart ${cartId} cancelled: ${reason}`)
  }
}

function appendQuery(url: string, key: string, value: string): string {
  const parsed = new URL(url)
  parsed.searchParams.set(key, value)
  return parsed.toString()
}

const loanPayment = (loan: LoanRecord) => LOAN_PAYMENT[loan.status]
