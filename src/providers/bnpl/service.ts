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
import { confirmedLoan, handedRefundSender } from "../../lib/provider-channel/hand-over"
import type { BnplClient } from "../../lib/service/client"
import { sharedClient } from "../../lib/service/shared-client"
import { queueForCart } from "./provider-cart-queue"
import { loanLines } from "../../lib/medusa/cart-snapshot"
import { shownQr } from "../../lib/service/checkout-qr"
import { asMedusaError, asShopperError, refundRefusal } from "../../lib/service/errors"
import { sameAmount, toCents, toDecimal, toPesos } from "../../lib/service/money"
import { BnplOptions, BnplOptionsInput, parseOptions } from "../../lib/options/options"
import { InitiateData, InStoreRequest, SessionData, readSessionData } from "../../lib/medusa/session-data"
import { LOAN_PAYMENT, SESSION_STATUS, authorizationOf, isPaid, unreachable } from "../../lib/service/status"
import { recordReopenedLoan, storeRefundSender } from "../../lib/provider-channel/application-container"
import type { LoanRecord } from "../../lib/service/wire"
import { aboutLoan } from "../../lib/telemetry/loan-context"
import { amountIneligibility } from "../../storefront/eligibility"

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
    this.client = sharedClient(this.options)
    this.logger = cradle.logger
  }

  async initiatePayment({ amount, currency_code, data, context }: InitiatePaymentInput): Promise<InitiatePaymentOutput> {
    const inStore = InStoreRequest.safeParse(data)
    if (inStore.success) {
      this.assertEligible(amount, currency_code)
      return this.newInStoreLoan(inStore.data.in_store, amount, currency_code)
    }
    const parsed = InitiateData.safeParse(data)
    if (!parsed.success) {
      // Medusa's rollback of a completion that failed after the capture refunds the payment and
      // opens a new session with the old one's data (refundPaymentAndRecreatePaymentSessionWorkflow).
      const reopened = readSessionData(data)
      // A sale by phone's session comes back as it was: its link is on the customer's phone, and
      // the phone sale cancelled it before (a web loan made in its place would be tracked by no one).
      if (reopened?.in_store) return { id: String(reopened.loan_id), data: reopened, status: PaymentSessionStatus.PENDING }
      if (reopened) {
        const sessionId = context?.idempotency_key
        const initiated = await this.newLoan({ cartId: reopened.service_cart_id, amount, currency: currency_code, sessionId })
        const made = initiated.data as SessionData
        await recordReopenedLoan({
          cartId: made.service_cart_id,
          loanId: made.loan_id,
          checkoutUrl: made.checkout_url,
          amount: made.amount,
          currencyCode: made.currency_code,
          sessionId,
        })
        return initiated
      }
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        "Pay in installments needs the cart snapshot that medusa-payment-bnpl's middleware adds to " +
          'POST /store/payment-collections/:id/payment-sessions. Register the plugin in medusa-config.ts (plugins: ["medusa-payment-bnpl"]).',
      )
    }
    const { cart, holder } = parsed.data
    this.assertEligible(amount, currency_code)
    if (cart.adoptLoan) return this.adopt(cart.cartId, cart.adoptLoan, amount, currency_code)
    return aboutLoan(holder ? { holder } : {}, () =>
      this.newLoan({
        cartId: cart.cartId,
        amount,
        currency: currency_code,
        sessionId: context?.idempotency_key,
        replaces: cart.replacesLoan,
        urls: cart.returnUrls,
        lines: loanLines(cart, amount),
      }),
    )
  }

  /**
   * A loan at the service for the session. Only the cart's id is required of the cart: the
   * route's snapshot adds the storefront's return pages and the lines the checkout page shows (a
   * session Medusa reopens has neither, and gets the options' pages).
   */
  private async newLoan(loan: {
    cartId: string
    amount: InitiatePaymentInput["amount"]
    currency: string
    sessionId?: string
    replaces?: boolean
    urls?: { success: string; error: string; cart: string }
    lines?: ReturnType<typeof loanLines>
  }): Promise<InitiatePaymentOutput> {
    const { cartId, amount } = loan
    const created = await queueForCart(cartId, async () => {
      // Medusa deletes the replaced session in parallel, and the service
      // cancels by cart: the old loan must go before the new one exists.
      if (loan.replaces) await this.cancelUnpaidLoans(cartId, "replaced by a new payment session")
      // Storefronts' return pages read `cart_id` (the storefront kit, docs/storefront.md): a checkout loan's cartId is the cart's id.
      const withCart = (url: string) => appendQuery(url, "cart_id", cartId)
      const urls = loan.urls ?? { success: this.options.successUrl, error: this.options.errorUrl, cart: this.options.cartUrl }
      return this.client.createLoan({
        totalPrice: toPesos(amount),
        shopId: this.options.shopId,
        cartId,
        successUrl: withCart(urls.success),
        errorUrl: withCart(urls.error),
        cartUrl: withCart(urls.cart),
        webHookUrl: this.options.webHookUrl,
        ...loan.lines,
      })
    }).catch((error) => {
      throw this.forShopper(error, "start the loan")
    })

    this.logger.info(`[bnpl] loan ${created.loanId} created for cart ${cartId}`)
    const sessionData: SessionData = {
      service_cart_id: cartId,
      loan_id: created.loanId,
      checkout_url: created.url,
      amount: toDecimal(amount),
      currency_code: loan.currency.toLowerCase(),
      loan_status: "REQUEST",
      ...(this.options.orderBeforeFinancing ? { order_before_financing: true } : {}),
    }
    return this.initiated(sessionData)
  }

  /**
   * A sale by phone: the in-store API makes the loan and sends its link (or answers a QR). Its
   * answer is documented as "payment created" only, so the loan is the one the status query
   * lists for the new cartId; nothing else proves it exists.
   */
  private async newInStoreLoan(
    request: InStoreRequest["in_store"],
    amount: InitiatePaymentInput["amount"],
    currency: string,
  ): Promise<InitiatePaymentOutput> {
    const cartId = request.service_cart_id
    const { created, loan } = await queueForCart(cartId, async () => {
      const created = await this.client.createPosLoan({
        custLogin: request.phone,
        shopId: request.shop_id,
        cartId,
        webhookUrl: this.options.webHookUrl,
        totalAmount: toPesos(amount),
        commChannel: request.channel,
      })
      return { created, loan: await this.newestUnpaidLoan(cartId) }
    }).catch((error) => {
      throw asMedusaError(error, "create the payment by phone")
    })
    if (!loan) {
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `The service answered the payment by phone for ${cartId}, but its status query lists no unpaid loan for it yet. Check the service's portal before sending another link.`,
      )
    }
    this.logger.info(`[bnpl] in-store loan ${loan.loanId} created for ${cartId} (${request.channel})`)
    const qr = shownQr(created.qr)
    const sessionData: SessionData = {
      service_cart_id: cartId,
      loan_id: loan.loanId,
      checkout_url: created.url ?? "",
      amount: toDecimal(amount),
      currency_code: currency.toLowerCase(),
      loan_status: "REQUEST",
      in_store: { phone: request.phone, channel: request.channel, shop_id: request.shop_id, ...(qr ? { qr } : {}) },
    }
    // The answer's in_store replaces the request's whole (Medusa merges the two at the top level).
    return { id: String(loan.loanId), data: sessionData, status: PaymentSessionStatus.PENDING }
  }

  /** The status query may lag the creation a moment: it is asked a few times before giving up. */
  private async newestUnpaidLoan(cartId: string): Promise<LoanRecord | undefined> {
    for (let attempt = 0; attempt < 4; attempt++) {
      const unpaid = (await this.client.getLoans(cartId)).filter((loan) => loan.status === "REQUEST")
      if (unpaid.length) return unpaid[unpaid.length - 1]
      await new Promise((resolve) => setTimeout(resolve, 250 * (attempt + 1)))
    }
    return undefined
  }

  async authorizePayment({ data }: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    const session = this.sessionData(data)
    // The confirmation hands over the status query it has just made; the storefront's completion asks here.
    // Cart completion from the storefront lands here: a failure is worded for the shopper.
    const loan =
      (await confirmedLoan(session.service_cart_id, session.loan_id)) ??
      (await this.loanOf(session).catch((error) => {
        throw this.forShopper(error, "confirm the installment payment")
      }))
    if (isPaid(loan) && !sameAmount(loan.totalAmount, session.amount)) {
      this.logger.warn(
        `[bnpl] loan ${loan.loanId} of cart ${session.service_cart_id} is paid for ${loan.totalAmount}, but the session is for ${session.amount}`,
      )
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Loan ${loan.loanId} was paid for ${loan.totalAmount}, not the cart's ${session.amount}. Start the payment again; the paid loan is refunded or listed for the store.`,
      )
    }
    const decision = authorizationOf(loan.status, this.options)
    if ("refuse" in decision) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        decision.refuse === "closed"
          ? `Loan ${loan.loanId} is closed at the financing service (refunded or paid off), so it cannot pay a new order. Start the payment again.`
          : `The first installment of loan ${loan.loanId} has not been paid yet. Pay it on the financing service's checkout page, then complete the order again.`,
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
   * Medusa cancels an uncaptured payment when its order is cancelled, and when it rolls back
   * a completion that failed. A paid loan cannot be cancelled at the service, only refunded,
   * and this never refunds: the money stays at the service and the plugin's ledger decides
   * (an order's cancel refunds what remains by the book of refunds, cancel-refund.ts; a loan no
   * order holds is completed, refunded as an orphan, or listed).
   */
  async cancelPayment({ data }: CancelPaymentInput): Promise<CancelPaymentOutput> {
    const session = readSessionData(data)
    if (!session) return { data: data ?? {} }
    const loan = await this.loanOf(session)
    const payment = loanPayment(loan)
    switch (payment) {
      case "pending":
      case "cancelled":
        return { data: await this.cancelIfUnpaid(data, "payment canceled in Medusa") }
      case "paid":
        return { data: { ...session, loan_status: loan.status } }
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
   * One request to the service per Medusa refund, under Medusa's refund id as the idempotency
   * key, booked first whoever asked: the sender a path of the plugin's hands over (hand-over.ts),
   * else the store's (application-container.ts). After a lost reply nothing can prove it applied or
   * not (refunds.ts): Medusa records nothing and the refund waits, unclear, for the admin.
   */
  async refundPayment({ data, amount, context }: RefundPaymentInput): Promise<RefundPaymentOutput> {
    const session = this.sessionData(data)
    const key = context?.idempotency_key ?? randomUUID()
    // The plugin's own paths hold the cart's lock and hand their sender over; any other is the store's.
    const send = (await handedRefundSender(session.service_cart_id, key)) ?? storeRefundSender
    await send({ cartId: session.service_cart_id, loanId: session.loan_id, totalAmount: toDecimal(amount), medusaRefundId: key }).catch((error) => {
      throw this.refundError(error, session, toDecimal(amount))
    })
    this.logger.info(`[bnpl] refund of ${toDecimal(amount)} on loan ${session.loan_id}: requested`)
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
   * Medusa's built-in `/hooks/payment/bnpl_{id}` answers 200 before anyone
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
    const reason = amountIneligibility(currency, toCents(amount), { currencies, min: toCents(minAmount), max: toCents(maxAmount) })
    if (reason === "currency_not_offered") {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `Pay in installments is not available for ${currency.toUpperCase()}; it accepts ${currencies.map((c) => c.toUpperCase()).join(", ")}.`,
      )
    }
    if (reason) {
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
        "This payment has no loan of the financing service attached (its data lacks loan_id or service_cart_id).",
      )
    }
    return session
  }

  private async loanOf(session: SessionData): Promise<LoanRecord> {
    const loan = await this.client.getLoan(session.service_cart_id, session.loan_id).catch((error) => {
      throw asMedusaError(error, `check loan ${session.loan_id}`)
    })
    if (!loan) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `The service has no loan ${session.loan_id} for cart ${session.service_cart_id}.`)
    }
    return loan
  }

  private async cancelIfUnpaid(data: unknown, reason: string): Promise<Record<string, unknown>> {
    const session = readSessionData(data)
    if (!session) return (data as Record<string, unknown>) ?? {}
    return queueForCart(session.service_cart_id, async () => {
      const { loan, cancelled } = await this.client.cancelIfUnpaid(session.service_cart_id, session.loan_id, reason)
      if (!cancelled) return { ...session, loan_status: loan?.status ?? "CANCELLED" }
      this.logger.info(`[bnpl] loan ${session.loan_id} of cart ${session.service_cart_id} cancelled: ${reason}`)
      return { ...session, loan_status: "CANCELLED" }
    }).catch((error) => {
      throw asMedusaError(error, `cancel loan ${session.loan_id}`)
    })
  }

  /** The operator's detail goes to the log; the shopper gets what they can do. */
  private forShopper(error: unknown, action: string): MedusaError {
    const shopper = asShopperError(error, action)
    if (shopper !== error) this.logger.warn(`[bnpl] ${asMedusaError(error, action).message}`)
    return shopper
  }

  private refundError(error: unknown, session: SessionData, amount: string): MedusaError {
    const refused = refundRefusal(error, session.loan_id)
    if (refused) return refused
    if (error instanceof MedusaError) return error
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
      service_cart_id: cartId,
      loan_id: loan.loanId,
      checkout_url: loan.checkoutUrl,
      amount: toDecimal(amount),
      currency_code: currency.toLowerCase(),
      loan_status: "OUTSTANDING",
    }
    return this.initiated(sessionData)
  }

  /**
   * Medusa stores a session's data as what it gave the provider merged with the provider's
   * answer: an undefined `cart` keeps the route's snapshot (the buyer's name, address and phone
   * among it) out of the session, of every workflow checkpoint that carries the session, and of
   * the storefront's answer. A session Medusa reopens from this data makes its loan without it.
   */
  private initiated(data: SessionData): InitiatePaymentOutput {
    return { id: String(data.loan_id), data: { ...data, cart: undefined }, status: PaymentSessionStatus.PENDING }
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
