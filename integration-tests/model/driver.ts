import type { FaultConfig, Loan, Refund } from "../../packages/sandbox"
import { centsToDecimal, decimalToCents } from "../../packages/sandbox/money"
import { refundableCents } from "../../packages/sandbox/refunds"
import { AskedCauses, type Cause } from "./attribution"
import { reconcileAndWait } from "../helpers/reconcile"
import { type Command, describe, kindOf, type PhoneReply, type Race, type RefundAnswer, type Trouble, type WebhookFate } from "./commands"
import {
  bookEntries,
  isUndecided,
  ledgerRows,
  letTimePass,
  listedRows,
  makeRefundChecksDue,
  type OrderPayment,
  orderOfCart,
  orderPayments,
} from "./facts"
import { Gate } from "./gate"
import { brief, type Reply } from "./http"
import { inStoreCard, loansOfCollections, payable, payFromPhone, phoneCartIds } from "./in-store"
import { checkAsk, excuseOf, releasedRest } from "./invariant"
import { claimOne, editOrder, exchangeOne, type OrderItemView, orderView, returnable, shipAndReturn, until } from "./order-life"
import { settlementOf } from "./portal"
import { RefundRequestLog } from "./requests"
import type { ModelSystem, ReadyCart } from "./system"

interface CartInPlay extends ReadyCart {
  quantity: number
  /** The payment collections of its order's balances (edits up), each a loan's `cartId` at the service. */
  balances: string[]
}

const WEBHOOK: Record<WebhookFate, FaultConfig> = {
  deliver: {},
  duplicate: { webhook: { duplicateRate: 1 } },
  drop: { webhook: { dropRate: 1 } },
}

const isPaid = (loan: Loan) => loan.status === "OUTSTANDING" || loan.status === "HISTORICAL"

/** The service's trouble during a reconciliation: one 5xx on each endpoint it reads or writes, or slow reads. */
const TROUBLE: Record<Trouble, FaultConfig> = {
  none: {},
  errors: { status: { failNext: 1 }, refundHistory: { failNext: 1 }, refund: { failNext: 1 }, cancel: { failNext: 1 } },
  latency: { status: { latencyMs: 600 }, refundHistory: { latencyMs: 600 } },
}

/** A history that lists a refund well after the request that made it has its answer. */
const LATE_HISTORY_MS = 6_000
/** For a reply that never comes, well after the client gives up (the http spec's time-out is 4 s, the chaos run's 1.5 s). */
const HANG_LATE_HISTORY_MS = 12_000
/** A slow answer that no client times out on (the http spec's is 4 s, the chaos run's 1.5 s). */
const SLOW_ANSWER_MS = 600

/** What the service does with an order-page refund, for each answer (see commands.ts). */
const REFUND_FAULTS: Record<RefundAnswer, FaultConfig> = {
  clear: {},
  late: { refund: { historyDelayMs: LATE_HISTORY_MS } },
  slow: { refund: { latencyMs: SLOW_ANSWER_MS } },
  lost: { refund: { applyThenFailNext: 1 } },
  never: { refund: { historyDelayMs: "never" } },
  "lost-late": { refund: { applyThenFailNext: 1, historyDelayMs: LATE_HISTORY_MS } },
  "lost-never": { refund: { applyThenFailNext: 1, historyDelayMs: "never" } },
  "hang-late": { refund: { applyThenFailNext: 1, applyThenFailAs: "hang", historyDelayMs: HANG_LATE_HISTORY_MS } },
  "503": { refund: { failNext: 1, errorStatus: 503 } },
}
/** Answers after which the refund must go through (a late history or a slow answer is the documented service). */
const CLEAR_ANSWERS: ReadonlySet<RefundAnswer> = new Set(["clear", "late", "slow", "never"])

/** The two commands of each race; the second starts `RACE_OFFSET_MS` after the first, so both are in flight. */
const RACE_PAIRS: Record<Race, (cart: number) => [Command, Command]> = {
  "webhook+cancel": (cart) => [
    { kind: "cancel", cart, rejected: false },
    { kind: "late-webhook", cart },
  ],
  "webhook+capture": (cart) => [
    { kind: "capture", cart },
    { kind: "late-webhook", cart },
  ],
  "webhook+refund": (cart) => [
    { kind: "refund", cart, share: 50, answer: "clear" },
    { kind: "late-webhook", cart },
  ],
  "pay+complete": (cart) => [
    { kind: "pay", cart, loan: "newest", webhook: "deliver" },
    { kind: "complete", cart },
  ],
  "refund+refund": (cart) => [
    { kind: "refund", cart, share: 25, answer: "clear" },
    { kind: "refund", cart, share: 25, answer: "clear" },
  ],
  "refund+reconcile": (cart) => [
    { kind: "refund", cart, share: 50, answer: "clear" },
    { kind: "reconcile", trouble: "none" },
  ],
  "portal-refund+cancel": (cart) => [
    { kind: "cancel", cart, rejected: false },
    { kind: "portal-refund", cart, share: 50 },
  ],
  "refund-in-full+complete": (cart) => [
    { kind: "refund-in-full", cart, loan: "paid" },
    { kind: "complete", cart },
  ],
  "cancel+cancel": (cart) => [
    { kind: "cancel", cart, rejected: false },
    { kind: "cancel", cart, rejected: false },
  ],
  "refund+refund-check": (cart) => [
    { kind: "refund", cart, share: 50, answer: "slow" },
    { kind: "refund-check", cart },
  ],
  "portal-refund+return": (cart) => [
    { kind: "return", cart, whole: false },
    { kind: "portal-refund", cart, share: 50 },
  ],
  "refund+other-refund": (cart) => [
    { kind: "refund", cart, share: 50, answer: "clear" },
    { kind: "refund", cart: cart + 1, share: 50, answer: "clear" },
  ],
  "cancel+other-return": (cart) => [
    { kind: "cancel", cart, rejected: false },
    { kind: "return", cart: cart + 1, whole: false },
  ],
  "return+other-refund": (cart) => [
    { kind: "return", cart, whole: true },
    { kind: "refund", cart: cart + 1, share: 25, answer: "clear" },
  ],
  "phone-send+phone-send": (cart) => [
    { kind: "phone-send", cart, channel: "w", reply: "clear" },
    { kind: "phone-send", cart, channel: "s", reply: "clear" },
  ],
  "phone-pay+cancel": (cart) => [
    { kind: "cancel", cart, rejected: false },
    { kind: "phone-pay", cart, via: "service", webhook: "deliver" },
  ],
  "store-refund+refund-check": (cart) => [
    { kind: "refund-check", cart },
    { kind: "store-refund", cart, share: 50 },
  ],
  "store-refund+cancel": (cart) => [
    { kind: "cancel", cart, rejected: false },
    { kind: "store-refund", cart, share: 50 },
  ],
  // The store's refund of the same payment while the order page's holds the loan's lock: the store's, waiting its turn.
  "store-refund+refund": (cart) => [
    { kind: "refund", cart, share: 25, answer: "clear" },
    { kind: "store-refund", cart, share: 25 },
  ],
}
/**
 * What the service does to a sale by phone's creation: the loan made and its link sent, the reply
 * lost; with `lost-unknown`, the status query down too while the admin's request lasts.
 */
const PHONE_FAULTS: Record<PhoneReply, FaultConfig> = {
  clear: {},
  lost: { posLoan: { applyThenFailNext: 1 } },
  "lost-unknown": { posLoan: { applyThenFailNext: 1 }, status: { errorRate: 1 } },
}
/** The service will not cancel any loan while the admin cancels the order (down, or refusing). */
const STUCK_LINKS: FaultConfig = { cancel: { errorRate: 1 } }
/** A race's offset when the sequence names none (sequences printed before races had one). */
const RACE_OFFSET_MS = 30
/** The service makes the loan and cancels the cart's unpaid ones, and every reply is lost. */
const LOST_SESSION: FaultConfig = { loan: { applyThenFailNext: 1 }, cancel: { applyThenFailNext: 1 } }
/**
 * Races in which the admin's refund or cancel must still go through when the books are clear:
 * what races it moves no money of the loan (a webhook copy, a reconciliation, the refund check),
 * or is a second refund within what remains, which takes its turn.
 */
const STRICT_IN_RACE: ReadonlySet<Race> = new Set([
  "webhook+refund",
  "refund+refund",
  "refund+reconcile",
  "refund+refund-check",
  "webhook+cancel",
  "refund+other-refund",
  "store-refund+refund-check",
  "store-refund+refund",
])

/** More rejections than one cancel can ask for refunds. */
const REJECT_ALL = 10

/**
 * Final reconciliation passes: as the scheduled job would run again five minutes later, until a
 * pass changes nothing, but at least two: the first may join a run another sequence started
 * before this one's time passed, which did not see its loans due yet.
 */
const MIN_FINAL_PASSES = 2
const MAX_FINAL_PASSES = 3

/** What a cart's books were before an admin request that moves money, to judge it after. */
interface Before {
  since: string
  refundIds: Set<number>
  /** Why the strict rule need not hold the request (invariant.ts, `excuseOf`). */
  excuse: string | undefined
  listed: boolean
  /** A request of the plugin's on the loan is unknown (or sending): every further refund of it is held. */
  unclearOnLoan: boolean
  refundable: number
}

/**
 * Drives one sequence against the real system: each command does what a shopper, the admin,
 * the service or the clock would do, and records what it saw in the trace. Commands that do
 * not apply (pay with nothing to pay, cancel with no order) are no-ops, so any sequence runs.
 * A few checks belong to one command (a REJECTED refund fails the cancel; one Medusa refund
 * is one refund at the service; a request the books leave no reason to refuse goes through);
 * the rest is the invariant after the last reconcile.
 */
export class SequenceRun {
  readonly trace: string[] = []
  readonly violations: string[] = []
  /** The commands performed, in order, and the kind of each (commands.ts, `kindOf`), for the report. */
  readonly performed: Command[] = []
  readonly kinds: string[] = []
  /** Loans made while the session's replies were lost: the shopper never got their link. */
  readonly linkless = new Set<number>()
  readonly sent: RefundRequestLog
  /** Orders the admin shipped goods of (for a return): Medusa cancels none of them. */
  private readonly shipped = new Set<string>()
  /**
   * Carts with a refund the history will never list (answers `never`, `lost-never`). The history
   * holds no amount and no id, and its dates are not promised to be the reply's: one refund made
   * in the portal afterwards is, to the plugin, that refund showing at last. No reconciliation can
   * tell them apart, so the model makes no portal refund there (docs/money.md says so).
   */
  private readonly neverListed = new Set<string>()
  /** What the sequence did that may start a refund, for the invariant's attribution (attribution.ts). */
  readonly asked = new AskedCauses()
  private readonly carts: CartInPlay[] = []

  constructor(
    private readonly system: ModelSystem,
    private readonly gate = new Gate(),
  ) {
    this.sent = new RefundRequestLog(system.sandbox.state.requests)
  }

  /** The carts', their orders' balances' collections, and their sales by phone: every `cartId` the sequence's loans have at the service. */
  get cartIds(): string[] {
    return this.carts.flatMap((cart) => [cart.cartId, ...cart.balances, ...this.phoneCartIdsOf(cart)])
  }

  /** The `cartId`s of the phone sales of the cart's order's collections (its own, when the order was placed first, and its balances). */
  private phoneCartIdsOf(cart: CartInPlay): string[] {
    return phoneCartIds(this.system.sandbox, [cart.collectionId, ...cart.balances])
  }

  /** A phone sale's loans are the order's: what starts a refund on the cart starts one on them (attribution.ts). */
  private notePhoneLoans(): void {
    for (const cart of this.carts) for (const cartId of this.phoneCartIdsOf(cart)) this.asked.alias(cartId, cart.cartId)
  }

  get cartQuantities(): Array<{ cartId: string; quantity: number }> {
    return this.carts.map(({ cartId, quantity }) => ({ cartId, quantity }))
  }

  async setUp(quantities: number[]): Promise<void> {
    for (const quantity of quantities) {
      const cart = await this.gate.alongside(() => this.system.store.readyCart(quantity))
      this.carts.push({ ...cart, quantity, balances: [] })
      this.trace.push(`cart ${this.carts.length - 1}: ${cart.cartId}, quantity ${quantity}`)
    }
  }

  /** Performs the command if it can apply now (see `applies`); answers whether it did. */
  async attempt(command: Command): Promise<boolean> {
    if (!(await this.applies(command))) return false
    this.noteCauses(command)
    const started = Date.now()
    const outcome = await (runsAlone(command) ? this.gate.alone(() => this.perform(command)) : this.gate.alongside(() => this.perform(command)))
    this.sent.collect()
    this.notePhoneLoans()
    this.performed.push(command)
    this.kinds.push(kindOf(command))
    this.trace.push(`${describe(command, this.carts.length)} -> ${outcome} (${Date.now() - started} ms)`)
    return true
  }

  /** What the command may start a refund for (attribution.ts), before it runs. */
  private noteCauses(command: Command): void {
    if (command.kind === "race") {
      for (const part of RACE_PAIRS[command.race](command.cart)) this.noteCauses(part)
      return
    }
    if (!("cart" in command)) return
    const causes: Partial<Record<Command["kind"], Cause[]>> = {
      refund: ["admin-refund"],
      "refund-during-lag": ["admin-refund"],
      "edit-down": ["admin-refund"],
      exchange: this.system.refundOnReturn ? ["admin-refund", "return"] : ["admin-refund"],
      claim: this.system.refundOnReturn ? ["admin-refund", "return"] : ["admin-refund"],
      cancel: ["cancel"],
      "partial-capture": command.kind === "partial-capture" && command.cancel ? ["cancel"] : [],
      "store-cancel": ["cancel", "store"],
      "store-refund": ["store"],
      return: this.system.refundOnReturn ? ["return"] : [],
      "refund-in-full": ["refund-in-full"],
      "refused-complete": ["rollback"],
      session: ["cart-changed"],
      change: ["cart-changed"],
      buy: ["cart-changed"],
    }
    for (const cause of causes[command.kind] ?? []) this.asked.add(this.cart(command.cart).cartId, cause)
  }

  /**
   * What a person could do now: pay only an unpaid loan, complete only a cart that had a
   * session, cancel or capture only an order, refund only what was captured, settle only what is
   * unclear. Medusa's own refusals of the rest are not what this test is about, and would spend
   * the sequence.
   */
  private async applies(command: Command): Promise<boolean> {
    if (!("cart" in command)) return true
    if (command.kind === "race") {
      if (command.race === "refund-in-full+complete" && (await this.needsPayment(this.cart(command.cart)))) return true
      for (const part of RACE_PAIRS[command.race](command.cart)) if (!(await this.applies(part))) return false
      return true
    }
    const cart = this.cart(command.cart)
    const loans = this.loansOf(cart.cartId)
    const order = await this.paymentOf(cart)
    switch (command.kind) {
      case "session":
      case "change":
      case "buy":
        return !order
      case "complete":
        return !order && loans.length > 0
      case "refused-complete":
        // Placed before its financing, the order is refused before any payment: not this command's case.
        return !!this.system.orderRefusal && !order && !this.system.orderBeforeFinancing
      case "pay":
      case "decline":
        return this.unpaidLoansOf(cart).length > 0
      case "late-webhook":
        return loans.some(isPaid)
      case "portal-refund":
        return !this.neverListed.has(cart.cartId) && loans.some((loan) => isPaid(loan) && refundableCents(loan) > 0)
      case "cancel":
        // Medusa cancels no order with shipments (even returned ones): "All fulfillments must be canceled".
        return (
          !!order && order.order_status !== "canceled" && !this.shipped.has(order.order_id) && (!command.linkStuck || this.linksOut(cart).length > 0)
        )
      case "capture":
        return !!order?.payment_id && order.captured === 0 && !order.canceled
      case "refund":
      case "refund-during-lag":
        return (
          !!order?.payment_id && order.order_status !== "canceled" && (order.captured > order.refunded || (order.captured === 0 && !order.canceled))
        )
      case "refund-check":
        return !!order
      case "settle-unclear":
        return (await bookEntries(this.system.sql, [cart.cartId])).some(isUndecided)
      case "refund-in-full":
        if (command.loan === "paid") return loans.some((loan) => isPaid(loan) && refundableCents(loan) > 0)
        return (await listedRows(this.system.sql, cart.cartId)).some((row) =>
          loans.some((loan) => loan.loanId === row.loan_id && refundableCents(loan) > 0),
        )
      case "retry-completion":
        return (await listedRows(this.system.sql, cart.cartId)).length > 0
      case "return":
      case "exchange":
      case "claim":
        return !!order?.payment_id && order.order_status !== "canceled" && !!(await this.returnableOf(order.order_id)).length
      case "edit-up":
        return !!order?.payment_id && order.order_status !== "canceled" && !order.canceled
      case "balance-link":
        return !!order && order.order_status !== "canceled" && !!(await this.openBalanceOf(cart, order.order_id))
      case "phone-send":
        return (
          !!this.system.inStore &&
          !!order &&
          order.order_status !== "canceled" &&
          !!(await inStoreCard(this.system, order.order_id))?.payment_collection_id
        )
      case "phone-resend":
      case "phone-cancel": {
        const sale = this.system.inStore && order ? (await inStoreCard(this.system, order.order_id))?.sale : undefined
        return !!sale && sale.status === "REQUEST" && !sale.authorized
      }
      case "phone-pay":
        return !!this.system.inStore && this.phoneLoansOf(cart).some(payable)
      case "edit-down":
        return !!order?.payment_id && order.order_status !== "canceled" && !!(await this.reducibleOf(order.order_id))
      case "partial-capture":
        return (
          !this.system.autoCapture &&
          !!order?.payment_id &&
          order.order_status !== "canceled" &&
          order.captured === 0 &&
          !order.canceled &&
          !(command.cancel && this.shipped.has(order.order_id))
        )
      case "store-cancel":
        return !!this.system.storeCode && !!order && order.order_status !== "canceled" && !this.shipped.has(order.order_id)
      case "store-refund":
        return !!this.system.storeCode && !!order?.payment_id && order.order_status !== "canceled" && order.captured > order.refunded
      default:
        return unreachable(command)
    }
  }

  private async returnableOf(orderId: string): Promise<Array<{ id: string; quantity: number }>> {
    const view = await orderView(this.system, orderId)
    return (view?.items ?? []).filter((item) => returnable(item) > 0).map((item) => ({ id: item.id, quantity: returnable(item) }))
  }

  /** A line with a unit the admin can take off: two or more ordered, one not shipped. */
  private async reducibleOf(orderId: string): Promise<{ id: string; quantity: number } | undefined> {
    const view = await orderView(this.system, orderId)
    const item = view?.items.find((candidate) => candidate.quantity >= 2 && candidate.quantity > candidate.detail.fulfilled_quantity)
    return item && { id: item.id, quantity: item.quantity }
  }

  /** Webhooks and refunds settle, half a day passes, and reconciliation runs until it has nothing left to do. */
  async finish(): Promise<void> {
    this.notePhoneLoans()
    await this.gate.alongside(() => this.settle())
    this.sent.collect()
  }

  private async settle(): Promise<void> {
    const { sandbox } = this.system
    // Waits for webhooks, settlements and late histories: the admin looks at the portal once it lists everything.
    await sandbox.idle()
    await letTimePass(this.system.sql, this.cartIds)
    this.trace.push("(final) half a day passes")
    await this.reconcileUntilQuiet()
    // The admin settles what the plugin could not account for (lost replies, refunds made in the
    // portal) as the service's portal shows it, and reconciles again; a refund that showed late
    // may only then be found outside the book, so twice.
    for (let round = 0; round < 2; round++) {
      const settled = await this.settleUnclear(this.cartIds)
      if (!settled.length) break
      this.trace.push(...settled.map((line) => `(final) admin ${line}`))
      await sandbox.idle()
      await this.reconcileUntilQuiet()
    }
    const released = await this.refundReleasedRests()
    if (released.length) {
      this.trace.push(...released.map((line) => `(final) admin ${line}`))
      await sandbox.idle()
      await this.reconcileUntilQuiet()
    }
    await sandbox.idle()
  }

  /**
   * What the plugin's listing of a released rest asks (docs/money.md): the admin's *Refund in
   * full* on the loans page, which refunds only what the order no longer counts, once.
   */
  private async refundReleasedRests(): Promise<string[]> {
    const lines: string[] = []
    for (const cartId of this.cartIds) {
      for (const row of await listedRows(this.system.sql, cartId)) {
        const order = (await orderPayments(this.system.sql, [cartId])).find((o) => o.loan_id === row.loan_id && releasedRest(o))
        const loan = this.system.sandbox.state.loans.get(row.loan_id)
        if (!order || !loan) continue
        const rest = refundableCents(loan) - (order.captured - order.refunded)
        if (rest <= 0) continue
        this.asked.add(cartId, "refund-in-full")
        const seen = new Set(loan.refunds.map((refund) => refund.refundId))
        const reply = this.served("refund of a released rest", await this.system.admin.post(`/admin/bnpl/loans/${row.id}/refund`))
        const made = loan.refunds.filter((refund) => !seen.has(refund.refundId)).map((refund) => decimalToCents(refund.totalAmount))
        const what = `refunds the ${centsToDecimal(rest)} order ${order.order_id} released of loan ${row.loan_id}`
        if (reply.status === 200 && !(made.length === 1 && made[0] === rest))
          this.violations.push(`the admin ${what}: answered 200, the service refunded [${made.map(centsToDecimal).join(", ")}]`)
        lines.push(`${what} -> ${brief(reply)}`)
      }
    }
    return lines
  }

  private async reconcileUntilQuiet(): Promise<void> {
    for (let pass = 1; pass <= MAX_FINAL_PASSES; pass++) {
      // Another sequence's reconciliation may have checked these loans' refunds meanwhile, on a
      // history read just before a refund of ours showed in it: its check then counts as recent,
      // and the refund would wait for the next check, hours later. Each pass makes them due again.
      if (pass > 1) {
        await letTimePass(this.system.sql, this.cartIds)
        this.trace.push("(final) half a day passes")
      }
      const summary = await this.reconcile()
      this.trace.push(`(final) reconcile -> ${summary.line}`)
      if (summary.quiet && pass >= MIN_FINAL_PASSES) break
    }
  }

  /**
   * Every undecided entry of the plugin's book on these carts, settled by the admin as the
   * service's portal shows it (portal.ts): a refund made outside Medusa recorded with its amount,
   * a lost reply recorded when the refund applied and dismissed when it did not. A live order's
   * uncaptured payment is captured first, as the plugin asks. Answers one line per entry.
   */
  private async settleUnclear(cartIds: string[]): Promise<string[]> {
    const book = await bookEntries(this.system.sql, cartIds)
    const lines: string[] = []
    for (const entry of book.filter(isUndecided)) {
      const cartRefunds = this.loansOf(entry.service_cart_id).flatMap((loan) => loan.refunds)
      const settlement = settlementOf(
        entry,
        cartRefunds,
        book.filter((other) => other.service_cart_id === entry.service_cart_id),
      )
      if (!settlement || !entry.row_id) {
        this.violations.push(`book entry ${entry.id} (loan ${entry.loan_id}) names a refund on ${entry.refund_date} that the service never made`)
        continue
      }
      if (settlement.action === "record" && entry.kind === "outside") await this.captureLiveOrderOf(entry.service_cart_id, entry.loan_id)
      const path = `/admin/bnpl/loans/${entry.row_id}/refunds/${entry.id}`
      const reply = this.served("settle unclear refund", await this.system.admin.post(path, settlement))
      if (reply.status !== 200)
        this.violations.push(`the admin could not ${settlement.action} ${entry.kind} refund ${entry.id} of loan ${entry.loan_id}: ${brief(reply)}`)
      const amount = settlement.action === "record" && settlement.amount ? settlement.amount : centsToDecimal(entry.amount ?? 0)
      lines.push(`${settlement.action}s the ${entry.state} ${entry.kind} refund of ${amount} on loan ${entry.loan_id} -> ${brief(reply)}`)
    }
    return lines
  }

  /** As the plugin's refusal to record on an uncaptured payment says: the admin captures what is left of it first. */
  private async captureLiveOrderOf(cartId: string, loanId: number): Promise<void> {
    const order = (await orderPayments(this.system.sql, [cartId])).find((o) => o.loan_id === loanId && o.order_status !== "canceled")
    if (!order?.payment_id || order.canceled || order.captured >= order.amount) return
    await this.system.admin.post(`/admin/payments/${order.payment_id}/capture`, { amount: (order.amount - order.captured) / 100 })
  }

  /** `racing`: another command runs on the cart meanwhile, so the checks of a command alone do not hold. */
  private perform(command: Command, racing?: Race): Promise<string> {
    switch (command.kind) {
      case "session":
        return command.reply === "lost"
          ? this.withFaults(LOST_SESSION, () => this.session(this.cart(command.cart), true))
          : this.session(this.cart(command.cart))
      case "change":
        return this.change(this.cart(command.cart), command.quantity)
      case "pay":
        return this.pay(this.cart(command.cart), command)
      case "buy":
        return this.buy(this.cart(command.cart))
      case "late-webhook":
        return this.lateWebhook(this.cart(command.cart))
      case "decline":
        return this.decline(this.cart(command.cart), command.expired)
      case "complete":
        return this.complete(this.cart(command.cart))
      case "refused-complete":
        return this.refusedComplete(this.cart(command.cart))
      case "cancel":
        return command.linkStuck
          ? this.withFaults(STUCK_LINKS, () => this.cancel(this.cart(command.cart), command.rejected, racing, true))
          : this.cancel(this.cart(command.cart), command.rejected, racing)
      case "capture":
        return this.capture(this.cart(command.cart))
      case "refund":
        return this.refund(this.cart(command.cart), command, racing)
      case "refund-during-lag":
        return this.refundDuringLag(this.cart(command.cart), command)
      case "settle-unclear":
        return this.settleUnclear([this.cart(command.cart).cartId]).then((lines) => lines.join("; ") || "nothing unclear")
      case "portal-refund":
        return this.portalRefund(this.cart(command.cart), command.share)
      case "reconcile":
        return this.withFaults(TROUBLE[command.trouble], () => this.reconcile(command.trouble !== "none")).then((summary) => summary.line)
      case "refund-check":
        return this.refundCheck(this.cart(command.cart))
      case "time-passes":
        return letTimePass(this.system.sql, this.cartIds).then(() => "loans 13 h older")
      case "race":
        return this.race(command)
      case "refund-in-full":
        return this.refundInFull(this.cart(command.cart), command.loan, racing)
      case "retry-completion":
        return this.retryCompletion(this.cart(command.cart))
      case "return":
        return this.returnOrder(this.cart(command.cart), command.whole, racing)
      case "edit-up":
        return this.editUp(this.cart(command.cart), command.later)
      case "balance-link":
        return this.balanceLink(this.cart(command.cart), command)
      case "phone-send":
        return this.withFaults(PHONE_FAULTS[command.reply], () => this.phoneSend(this.cart(command.cart), command.channel, command.reply, racing))
      case "phone-resend":
        return this.phoneResend(this.cart(command.cart), command.channel)
      case "phone-cancel":
        return this.phoneCancel(this.cart(command.cart))
      case "phone-pay":
        return this.phonePay(this.cart(command.cart), command)
      case "edit-down":
        return this.editDown(this.cart(command.cart), command.cart)
      case "exchange":
      case "claim":
        return this.exchangeOrClaim(this.cart(command.cart), command.cart, command.kind)
      case "partial-capture":
        return this.partialCapture(this.cart(command.cart), command.share).then(async (captured) =>
          command.cancel ? `${captured}; cancel: ${await this.cancel(this.cart(command.cart), false)}` : captured,
        )
      case "store-cancel":
        return this.storeCancel(this.cart(command.cart))
      case "store-refund":
        return this.storeRefund(this.cart(command.cart), command.share, racing)
      default:
        return unreachable(command)
    }
  }

  private async withFaults<T>(faults: FaultConfig, work: () => Promise<T>): Promise<T> {
    if (!Object.keys(faults).length) return work()
    this.system.sandbox.setFaults(faults)
    try {
      return await work()
    } finally {
      this.system.sandbox.setFaults({})
    }
  }

  /**
   * *Refund in full* racing the completion needs a paid loan that no order holds yet: on a cart
   * with none but an unpaid loan, the shopper pays first and the webhook is lost (`race` does it).
   */
  private async needsPayment(cart: CartInPlay): Promise<boolean> {
    const loans = this.loansOf(cart.cartId)
    if (await this.paymentOf(cart)) return false
    return !loans.some((loan) => isPaid(loan) && refundableCents(loan) > 0) && this.unpaidLoansOf(cart).length > 0
  }

  private async race(command: Extract<Command, { kind: "race" }>): Promise<string> {
    const [first, second] = RACE_PAIRS[command.race](command.cart)
    const cart = this.cart(command.cart)
    const setUp =
      command.race === "refund-in-full+complete" && (await this.needsPayment(cart))
        ? `${await this.pay(cart, { kind: "pay", cart: command.cart, loan: "newest", webhook: "drop" })}; then `
        : ""
    const before = await this.raceBefore(command.race, cart)
    // Two carts' commands do not race on either's books: each is judged as if alone.
    const racing = this.sameCart(first, second) ? command.race : undefined
    const [lead, follow] = command.flip ? [second, first] : [first, second]
    const offset = command.offsetMs ?? RACE_OFFSET_MS
    const [led, followed] = await Promise.all([
      this.perform(lead, racing),
      new Promise((resolve) => setTimeout(resolve, offset)).then(() => this.perform(follow, racing)),
    ])
    const outcomes = command.flip ? [followed, led] : [led, followed]
    await this.afterRace(command.race, cart, before, outcomes)
    return `${setUp}${describe(first, this.carts.length)}: ${outcomes[0]} | ${describe(second, this.carts.length)}: ${outcomes[1]}`
  }

  private sameCart(first: Command, second: Command): boolean {
    return !("cart" in first) || !("cart" in second) || this.cart(first.cart) === this.cart(second.cart)
  }

  /** For two cancels of one order: whether the books left any reason to refuse both. */
  private async raceBefore(race: Race, cart: CartInPlay): Promise<Before | undefined> {
    if (race !== "cancel+cancel") return undefined
    const order = await this.paymentOf(cart)
    return order?.loan_id ? this.before(cart, order.loan_id, order) : undefined
  }

  /**
   * What a race must leave: *Refund in full* and the completion never both win (a live order on
   * a loan refunded at the service behind Medusa's back); of two cancels of an order whose
   * books are clear, one goes through.
   */
  private async afterRace(race: Race, cart: CartInPlay, before: Before | undefined, outcomes: string[]): Promise<void> {
    if (race === "refund-in-full+complete") {
      for (const order of await orderPayments(this.system.sql, [cart.cartId])) {
        const loan = this.loansOf(cart.cartId).find((candidate) => candidate.loanId === order.loan_id)
        if (!loan || order.order_status === "canceled" || refundableCents(loan) > 0 || order.refunded > 0) continue
        this.violations.push(
          `${race}: order ${order.order_id} is live on loan ${loan.loanId}, which the service refunded in full (${outcomes.join(" | ")})`,
        )
      }
    }
    if (race === "phone-send+phone-send")
      for (const collectionId of [cart.collectionId, ...cart.balances]) this.expectOnePayableLink(collectionId, `${race} (${outcomes.join(" | ")})`)
    if (race === "cancel+cancel" && before && !before.excuse && !outcomes.some((outcome) => /^2\d\d\b/.test(outcome))) {
      this.violations.push(`${race}: neither cancel went through, although nothing was unclear on the books (${outcomes.join(" | ")})`)
    }
  }

  /**
   * *Refund in full* on the cart's listed loan, or on its newest paid loan. The plugin refuses it
   * while an order that is not cancelled holds the loan's payment: refunding then would leave a
   * live order on a refunded loan. Otherwise, with the books clear, it refunds what remains.
   */
  private async refundInFull(cart: CartInPlay, which: "listed" | "paid", racing?: Race): Promise<string> {
    const row = await this.rowForRefundInFull(cart, which)
    if (!row) return which === "listed" ? "nothing listed" : "no paid loan with a ledger row"
    // As the plugin documents it: an order that is not cancelled holds the loan, even while its payment is cancelled (a rolled-back
    // completion), unless Medusa replaced that payment with a new collection (an order change): then the loan pays for nothing.
    // After a partial capture, the order holds what Medusa captured, and only the released rest goes back.
    const live = async () => {
      const orders = await orderPayments(this.system.sql, [cart.cartId])
      const replaced = (order: OrderPayment) => order.canceled && orders.some((other) => other.order_id === order.order_id && other !== order)
      const mine = orders.find((order) => order.loan_id === row.loan_id && order.order_status !== "canceled")
      const released = mine && releasedRest(mine) ? mine : undefined
      return { holder: mine && !released && !replaced(mine) ? mine : undefined, released }
    }
    const { holder, released } = await live()
    const before = await this.before(cart, row.loan_id, holder ?? released)
    const reply = this.served("refund in full", await this.system.admin.post(`/admin/bnpl/loans/${row.id}/refund`))
    const after = (await live()).holder
    if (reply.status === 200 && after)
      this.violations.push(`refund in full of loan ${row.loan_id} answered 200 although order ${after.order_id} holds it`)
    const loan = this.loansOf(cart.cartId).find((candidate) => candidate.loanId === row.loan_id)
    const rest = released ? before.refundable - (released.captured - released.refunded) : before.refundable
    const made = this.refundsOf(cart).filter((refund) => !before.refundIds.has(refund.refundId) && refund.loanId === row.loan_id)
    const excused = holder
      ? `order ${holder.order_id} holds the loan`
      : racing
        ? `racing ${racing}`
        : !loan || !isPaid(loan) || rest <= 0
          ? "nothing left to refund"
          : before.excuse
    await this.judgeAsk(cart, row.loan_id, before, {
      what: `refund in full of loan ${row.loan_id}${released ? ` (the rest order ${released.order_id} released)` : ""}`,
      excused,
      reply,
      expect: released ? { refund: rest } : "in-full",
      made: released ? made.map((refund) => decimalToCents(refund.totalAmount)) : undefined,
    })
    return `loan ${row.loan_id}: ${brief(reply)}`
  }

  private async rowForRefundInFull(cart: CartInPlay, which: "listed" | "paid"): Promise<{ id: string; loan_id: number } | undefined> {
    if (which === "listed") return (await listedRows(this.system.sql, cart.cartId))[0]
    const loan = this.loansOf(cart.cartId)
      .filter((candidate) => isPaid(candidate) && refundableCents(candidate) > 0)
      .pop()
    return loan && (await ledgerRows(this.system.sql, [cart.cartId])).find((row) => row.loan_id === loan.loanId)
  }

  private async retryCompletion(cart: CartInPlay): Promise<string> {
    const [row] = await listedRows(this.system.sql, cart.cartId)
    if (!row) return "nothing listed"
    return `loan ${row.loan_id}: ${brief(this.served("retry completion", await this.system.admin.post(`/admin/bnpl/loans/${row.id}/retry-completion`)))}`
  }

  private cart(index: number): CartInPlay {
    return this.carts[index % this.carts.length]
  }

  private loansOf(cartId: string): Loan[] {
    return [...this.system.sandbox.state.loans.values()].filter((loan) => loan.cartId === cartId).sort((a, b) => a.loanId - b.loanId)
  }

  /** A user must never see a 5xx or a dropped connection, whatever the interleaving. */
  private served(what: string, reply: Reply): Reply {
    if (reply.status === 0 || reply.status >= 500) this.violations.push(`${what} answered ${brief(reply)}`)
    return reply
  }

  /**
   * Selecting "Pay in installments". While a refund of the plugin's on the cart's paid loan is
   * unclear, no new loan is made on the cart: it may already be refunded, and the service refunds by cart.
   */
  private async session(cart: CartInPlay, repliesLost = false): Promise<string> {
    const loansBefore = this.loansOf(cart.cartId)
    const unclear = (await bookEntries(this.system.sql, [cart.cartId])).find(
      (entry) =>
        entry.kind === "requested" &&
        (entry.state === "unknown" || entry.state === "sending") &&
        loansBefore.some((loan) => loan.loanId === entry.loan_id && isPaid(loan)),
    )
    const started = await this.system.store.startSession(cart.collectionId)
    // With the service's replies lost, the plugin answers as for a service that is down: an error the shopper can read.
    const reply = repliesLost && started.status >= 500 && /try again/.test(brief(started)) ? started : this.served("session", started)
    const made = this.loansOf(cart.cartId).length - loansBefore.length
    if (unclear && made > 0) {
      this.violations.push(
        `a new loan was made on cart ${cart.cartId} while refund ${unclear.id} of its paid loan ${unclear.loan_id} is ${unclear.state}`,
      )
    }
    const loanId =
      reply.status === 200
        ? (
            reply.body as { payment_collection: { payment_sessions: Array<{ provider_id: string; data?: { loan_id?: number } }> } }
          ).payment_collection.payment_sessions.find((s) => s.provider_id === "pp_bnpl_bnpl")?.data?.loan_id
        : undefined
    // A loan whose link the shopper never got cannot be paid, until the plugin hands it out after all.
    if (repliesLost) for (const loan of this.loansOf(cart.cartId).slice(loansBefore.length)) this.linkless.add(loan.loanId)
    if (loanId !== undefined) this.linkless.delete(loanId)
    return reply.status === 200 ? `200 loan ${loanId}` : brief(reply)
  }

  /** The shopper who checks out at once: a session, the first installment paid, and the webhook places the order. */
  private async buy(cart: CartInPlay): Promise<string> {
    const session = await this.session(cart)
    if (!session.startsWith("200")) return `session ${session}`
    // The storefront places the order before the redirect when the store says so.
    const placed = this.system.orderBeforeFinancing ? `; ${await this.complete(cart)}` : ""
    const paid = await this.pay(cart, { kind: "pay", cart: 0, loan: "newest", webhook: "deliver" })
    return `session ${session}${placed}; ${paid}`
  }

  private async change(cart: CartInPlay, quantity: number): Promise<string> {
    const reply = this.served("change cart", await this.system.store.setQuantity(cart.cartId, cart.itemId, quantity))
    if (reply.status === 200) cart.quantity = quantity
    return brief(reply)
  }

  private async pay(cart: CartInPlay, command: Extract<Command, { kind: "pay" }>): Promise<string> {
    const unpaid = this.unpaidLoansOf(cart)
    const loan = command.loan === "newest" ? unpaid[unpaid.length - 1] : unpaid[0]
    if (!loan) return "no unpaid loan"
    const { sandbox } = this.system
    if (setsFault(command)) sandbox.setFaults(WEBHOOK[command.webhook])
    try {
      await sandbox.pay(loan.loanId)
    } finally {
      if (setsFault(command)) sandbox.setFaults({})
    }
    const delivery = sandbox.state.webhooks.filter((d) => d.loanId === loan.loanId).pop()
    return `loan ${loan.loanId} paid, webhook ${delivery?.status ?? delivery?.error ?? "none"}`
  }

  /** The cart's loans the shopper can pay: unpaid, not expired, and the plugin handed out their link. */
  private unpaidLoansOf(cart: CartInPlay): Loan[] {
    return this.loansOf(cart.cartId).filter((loan) => loan.status === "REQUEST" && !loan.expired && !this.linkless.has(loan.loanId))
  }

  private async decline(cart: CartInPlay, expired: boolean): Promise<string> {
    const loan = this.unpaidLoansOf(cart).pop()
    if (!loan) return "no unpaid loan"
    if (expired) this.system.sandbox.expire(loan.loanId)
    else this.system.sandbox.decline(loan.loanId)
    return `loan ${loan.loanId} ${expired ? "link expired" : "declined"}`
  }

  private async lateWebhook(cart: CartInPlay): Promise<string> {
    const loan = this.loansOf(cart.cartId).filter(isPaid).pop()
    if (!loan) return "no paid loan"
    const delivery = await this.system.sandbox.redeliver(loan.loanId)
    return `loan ${loan.loanId}: ${delivery.status ?? delivery.error}`
  }

  private async complete(cart: CartInPlay): Promise<string> {
    const reply = this.served("complete", await this.system.store.complete(cart.cartId))
    const order = (reply.body as { type?: string; order?: { id: string } } | null)?.order
    return reply.status === 200 && order ? `200 order ${order.id}` : brief(reply)
  }

  /**
   * The store refuses the order after the payment: Medusa rolls the completion back. Without
   * autoCapture it cancels the authorization and refunds nothing (the loan stays paid, and the
   * ledger decides); with it, Medusa refunds the captured payment through the plugin, which books
   * it: the loan ends refunded in full, once, and a new session (a new loan) opens for the shopper.
   */
  private async refusedComplete(cart: CartInPlay): Promise<string> {
    const refusal = this.system.orderRefusal
    if (!refusal) return "the store cannot refuse orders here"
    const refusedBefore = refusal.refused.get(cart.cartId) ?? 0
    const paid = this.loansOf(cart.cartId).some((loan) => loan.status === "OUTSTANDING")
    // With no loan to pay, the shopper selects the method first.
    const unpaid = this.unpaidLoansOf(cart).length > 0
    const session = paid || unpaid ? "" : `session ${await this.session(cart)}; `
    const loansBefore = this.loansOf(cart.cartId)
    const refundsBefore = new Set(this.refundsOf(cart).map((refund) => refund.refundId))
    refusal.refusing.add(cart.cartId)
    let reply: Reply | undefined
    let outcome: string
    try {
      if (paid) outcome = brief((reply = this.served("complete (order refused)", await this.system.store.complete(cart.cartId))))
      else outcome = `${session}the webhook's completion: ${await this.pay(cart, { kind: "pay", cart: 0, loan: "newest", webhook: "deliver" })}`
    } finally {
      refusal.refusing.delete(cart.cartId)
    }
    if ((refusal.refused.get(cart.cartId) ?? 0) === refusedBefore) return `${outcome} (the store's hook was not reached)`
    const made = this.refundsOf(cart).filter((refund) => !refundsBefore.has(refund.refundId))
    const what = `${paid ? "storefront" : "webhook"} completion of cart ${cart.cartId} refused by the store after the payment`
    if (reply?.status === 200) this.violations.push(`${what}: answered 200`)
    if (!this.system.autoCapture && made.length)
      this.violations.push(`${what}: Medusa's rollback refunded ${made.map((r) => r.totalAmount).join(", ")} without autoCapture`)
    if (this.system.autoCapture) {
      const refunded = made.map((refund) => this.loansOf(cart.cartId).find((loan) => loan.loanId === refund.loanId))
      if (made.length !== 1 || refunded.some((loan) => !loan || refundableCents(loan) > 0)) {
        this.violations.push(
          `${what}: with autoCapture the rollback must refund the loan in full once; the service made [${made.map((r) => `${r.totalAmount} on loan ${r.loanId}`).join(", ")}]`,
        )
      }
      if (this.loansOf(cart.cartId).length <= loansBefore.length)
        this.violations.push(`${what}: no new session (loan) opened for the shopper after the rollback`)
    }
    return `${outcome}, ${made.length} refund(s) at the service`
  }

  private async cancel(cart: CartInPlay, rejected: boolean, racing?: Race, linkStuck = false): Promise<string> {
    const { sandbox, sql } = this.system
    const orderId = await orderOfCart(sql, cart.cartId)
    if (!orderId) return "no order"
    const links = this.linksOut(cart)
    const order = (await orderPayments(sql, [cart.cartId])).find((o) => o.order_id === orderId)
    const before = order?.loan_id ? await this.before(cart, order.loan_id, order) : undefined
    const since = new Date().toISOString()
    // The service keeps rejecting while the admin cancels (a loan it will no longer refund), not just once.
    if (rejected) sandbox.setFaults({ refund: { rejectNext: REJECT_ALL } })
    let reply: Reply
    try {
      reply = this.served("cancel", await this.system.admin.post(`/admin/orders/${orderId}/cancel`))
    } finally {
      if (rejected) sandbox.setFaults({})
    }
    const refused = sandbox.state.requests.some((request) => request.fault === "reject" && request.at >= since)
    if (refused) await this.expectCancelRefused(cart, orderId, reply)
    await this.expectLinksEnded(orderId, links, reply, linkStuck && !racing)
    await this.expectOwnLoanEnded(cart, orderId, reply)
    if (order?.loan_id && before) {
      const excused = rejected
        ? "the service rejects refunds"
        : linkStuck
          ? "the service will not cancel the order's links"
          : racing && !STRICT_IN_RACE.has(racing)
            ? `racing ${racing}`
            : order.order_status === "canceled"
              ? "already cancelled"
              : before.excuse
      await this.judgeAsk(cart, order.loan_id, before, { what: `cancel of order ${orderId}`, excused, reply, expect: "in-full" })
      this.expectCancelledInFull(orderId, order.loan_id, reply)
    }
    return `${brief(reply)}${refused ? " (refunds REJECTED)" : ""}`
  }

  /**
   * An order's cancel ends its links first (docs/money.md): cancelled, no link of it is payable;
   * one the service will not cancel (`stuck`) refuses the cancel with 400 naming the loan, and the order stays.
   */
  private async expectLinksEnded(orderId: string, links: Loan[], reply: Reply, stuck: boolean): Promise<void> {
    const ok = reply.status >= 200 && reply.status < 300
    const open = links.filter(payable)
    if (ok && open.length)
      this.violations.push(
        `cancel of ${orderId} answered ${brief(reply)}, yet its customer can still pay loan ${open.map((l) => l.loanId).join(", ")}`,
      )
    if (!stuck || !open.length) return
    if (reply.status !== 400 || !/was not cancelled: its customer could still pay loan/.test(messageOf(reply)))
      this.violations.push(
        `cancel of ${orderId} with link(s) the service would not cancel: answered ${reply.status} "${messageOf(reply).slice(0, 200)}", not 400 naming the loan`,
      )
    const order = (await orderPayments(this.system.sql, this.cartIds)).find((o) => o.order_id === orderId)
    if (order?.order_status === "canceled") this.violations.push(`order ${orderId} is cancelled although a link of it could not be ended`)
  }

  /** An order cancelled has its paid loan refunded in full at the service, whatever raced it: a cancel that cannot refund it is refused. */
  private expectCancelledInFull(orderId: string, loanId: number, reply: Reply): void {
    if (reply.status < 200 || reply.status >= 300) return
    const loan = this.system.sandbox.state.loans.get(loanId)
    if (loan && isPaid(loan) && refundableCents(loan) > 0) {
      this.violations.push(
        `cancel of ${orderId} answered ${brief(reply)}, yet loan ${loanId} keeps ${centsToDecimal(refundableCents(loan))} unrefunded at the service`,
      )
    }
  }

  /**
   * Case 2: a REJECTED refund makes the cancel fail, with a message that says why, and the
   * order stays; a cancel that went through anyway must have refunded the loan in full.
   */
  private async expectCancelRefused(cart: CartInPlay, orderId: string, reply: Reply): Promise<void> {
    const [order] = (await orderPayments(this.system.sql, [cart.cartId])).filter((o) => o.order_id === orderId)
    const loan = this.loansOf(cart.cartId).find((candidate) => candidate.loanId === order?.loan_id)
    const refundedInFull = !!loan && refundableCents(loan) === 0
    if (reply.status >= 200 && reply.status < 300) {
      if (!refundedInFull)
        this.violations.push(
          `cancel of ${orderId} answered ${brief(reply)} although the service REJECTED the refund: loan ${loan?.loanId} keeps ${loan ? centsToDecimal(refundableCents(loan)) : "?"} unrefunded`,
        )
      return
    }
    if (!/reject/i.test(brief(reply))) this.violations.push(`cancel of ${orderId} failed without saying the refund was rejected: ${brief(reply)}`)
    if (order?.order_status === "canceled") this.violations.push(`order ${orderId} is canceled although its cancel failed (${brief(reply)})`)
  }

  /** The cart's order with its pp_bnpl_bnpl payment, if the cart became one. */
  private async paymentOf(cart: CartInPlay) {
    const orders = (await orderPayments(this.system.sql, [cart.cartId])).filter((order) => order.cart_id === cart.cartId)
    // An order a balance loan also paid has a row per payment: the cart's own loan's comes first.
    const own = new Set(this.loansOf(cart.cartId).map((loan) => loan.loanId))
    return orders.find((order) => order.loan_id !== null && own.has(order.loan_id)) ?? orders[0]
  }

  private async capture(cart: CartInPlay): Promise<string> {
    const payment = await this.paymentOf(cart)
    if (!payment?.payment_id) return "no order payment"
    return brief(this.served("capture", await this.system.admin.post(`/admin/payments/${payment.payment_id}/capture`)))
  }

  /**
   * The order page's refund of a share of what Medusa has captured and not refunded, the service
   * answering as `command.answer` says. Checked: one Medusa refund is one refund at the service
   * (case 3); while a request of the plugin's on the loan is unclear, the refund is refused and
   * nothing is sent; with a clear answer and clear books, it goes through (invariant.ts, `checkAsk`).
   */
  private async refund(cart: CartInPlay, command: Extract<Command, { kind: "refund" }>, racing?: Race, exact?: number): Promise<string> {
    const payment = await this.capturedPaymentOf(cart)
    if (!payment?.payment_id || payment.loan_id === null) return "no order payment"
    const base = payment.captured > 0 ? payment.captured - payment.refunded : payment.amount
    const amount = exact ?? Math.max(1, Math.floor((base * command.share) / 100))
    const before = await this.before(cart, payment.loan_id, payment)
    const path = `/admin/payments/${payment.payment_id}/refund`
    if (command.answer === "never" || command.answer === "lost-never") this.neverListed.add(cart.cartId)
    const reply = await this.withFaults(REFUND_FAULTS[command.answer], async () =>
      this.served("refund", await this.system.admin.post(path, { amount: amount / 100 })),
    )
    const made = this.refundsOf(cart).filter((refund) => !before.refundIds.has(refund.refundId))
    const what = `refund of ${centsToDecimal(amount)} on payment ${payment.payment_id}`
    if (!racing) this.expectOneRefund(what, amount, reply, made)
    if (!racing && before.unclearOnLoan) this.expectHeld(what, cart, before, reply)
    const excused = !CLEAR_ANSWERS.has(command.answer)
      ? `fault injected (${command.answer})`
      : racing && !STRICT_IN_RACE.has(racing)
        ? `racing ${racing}`
        : amount > before.refundable || amount > payment.captured - payment.refunded
          ? "more than remains"
          : before.excuse
    await this.judgeAsk(cart, payment.loan_id, before, {
      what,
      excused,
      reply,
      expect: { refund: amount },
      made: racing ? undefined : made.filter((refund) => refund.loanId === payment.loan_id).map((refund) => decimalToCents(refund.totalAmount)),
    })
    return `${centsToDecimal(amount)}: ${brief(reply)}, ${made.length} refund(s) at the service`
  }

  /** The order's payment, captured first if it is not (the admin does it before a refund: Medusa refunds only captured money). */
  private async capturedPaymentOf(cart: CartInPlay): Promise<OrderPayment | undefined> {
    const payment = await this.paymentOf(cart)
    if (!payment?.payment_id || payment.captured > 0 || payment.canceled) return payment
    const reply = this.served("capture before refund", await this.system.admin.post(`/admin/payments/${payment.payment_id}/capture`))
    this.trace.push(`  (the admin captures ${payment.payment_id} first -> ${brief(reply)})`)
    return this.paymentOf(cart)
  }

  /** Two refunds back to back: the first accepted but late in the history, the second while it is not shown yet. */
  private async refundDuringLag(cart: CartInPlay, command: Extract<Command, { kind: "refund-during-lag" }>): Promise<string> {
    const first = await this.refund(cart, { kind: "refund", cart: command.cart, share: 25, answer: "late" })
    const payment = await this.paymentOf(cart)
    if (!payment || payment.captured <= payment.refunded) return `${first} | nothing left to refund`
    const second = await this.refund(cart, { kind: "refund", cart: command.cart, share: 25, answer: command.second })
    return `${first} | ${second}`
  }

  /** Case 3: one Medusa refund is one refund at the service, even when its reply was lost. */
  private expectOneRefund(what: string, amount: number, reply: Reply, made: Refund[]): void {
    if (made.length > 1) this.violations.push(`${what}: the service refunded ${made.length} times (${made.map((r) => r.totalAmount).join(", ")})`)
    else if (reply.status === 200 && (made.length !== 1 || decimalToCents(made[0].totalAmount) !== amount)) {
      this.violations.push(`${what}: Medusa answered 200, the service recorded ${made.map((r) => r.totalAmount).join(", ") || "nothing"}`)
    }
  }

  /** While a request of the plugin's on the loan is unclear, every further refund of it is refused, and nothing reaches the service. */
  private expectHeld(what: string, cart: CartInPlay, before: Before, reply: Reply): void {
    const sent = this.sent.countSince(cart.cartId, before.since)
    if (reply.status === 200 || sent > 0) {
      this.violations.push(
        `${what}: a refund of the loan is unclear, yet it answered ${brief(reply)} and sent ${sent} refund request(s) to the service`,
      )
    }
  }

  /** The books of the cart as an admin request that moves the loan's money finds them. */
  private async before(cart: CartInPlay, loanId: number, order?: OrderPayment): Promise<Before> {
    const { sql } = this.system
    const [book, rows] = await Promise.all([bookEntries(sql, [cart.cartId]), ledgerRows(sql, [cart.cartId])])
    const loans = this.loansOf(cart.cartId)
    const loan = loans.find((candidate) => candidate.loanId === loanId)
    return {
      since: new Date().toISOString(),
      refundIds: new Set(this.refundsOf(cart).map((refund) => refund.refundId)),
      excuse: excuseOf({ loans, book, order }, loanId),
      listed: rows.find((row) => row.loan_id === loanId)?.state === "needs_attention",
      unclearOnLoan: book.some(
        (entry) => entry.loan_id === loanId && entry.kind === "requested" && (entry.state === "unknown" || entry.state === "sending"),
      ),
      refundable: loan ? refundableCents(loan) : 0,
    }
  }

  /** The strict rule for an admin's request (invariant.ts, `checkAsk`), with what the books show after it. */
  private async judgeAsk(
    cart: CartInPlay,
    loanId: number,
    before: Before,
    ask: { what: string; excused: string | undefined; reply: Reply; expect: { refund: number } | "in-full"; made?: number[] },
  ): Promise<void> {
    const row = (await ledgerRows(this.system.sql, [cart.cartId])).find((candidate) => candidate.loan_id === loanId)
    const loan = this.system.sandbox.state.loans.get(loanId)
    this.violations.push(
      ...checkAsk({
        ...ask,
        loanId,
        reply: { status: ask.reply.status, text: brief(ask.reply) },
        refundableAfter: loan ? refundableCents(loan) : 0,
        listedBefore: before.listed,
        listedAfter: row?.state === "needs_attention",
      }),
    )
  }

  /** Refunds at the service of every loan of the cart's order: the cart's own and its balances'. */
  private orderRefundsOf(cart: CartInPlay): Refund[] {
    return [cart.cartId, ...cart.balances].flatMap((cartId) => this.loansOf(cartId).flatMap((loan) => loan.refunds))
  }

  /**
   * The admin ships and receives back the whole order, or one unit of a line. A return is no
   * refund on its own: without `refundOnReturn`, or on a payment with nothing captured, the
   * service refunds nothing; with it, on a captured payment and clear books, what the order then
   * owes goes back, once on each loan it needs, and the order owes nothing after.
   */
  private async returnOrder(cart: CartInPlay, whole: boolean, racing?: Race): Promise<string> {
    const payment = await this.paymentOf(cart)
    const view = payment && (await orderView(this.system, payment.order_id))
    if (!payment?.payment_id || payment.loan_id === null || !view) return "no order payment"
    const items = view.items.filter((item) => returnable(item) > 0).map((item) => ({ id: item.id, quantity: whole ? returnable(item) : 1 }))
    if (!items.length) return "nothing left to return"
    const chosen = whole ? items : items.slice(0, 1)
    const before = await this.before(cart, payment.loan_id, payment)
    const seen = new Set(this.orderRefundsOf(cart).map((refund) => refund.refundId))
    this.shipped.add(payment.order_id)
    const done = await shipAndReturn(this.system, (what, reply) => this.served(what, reply), view, chosen)
    if (!done.ok) return done.why
    const refunds = this.system.refundOnReturn && payment.captured > payment.refunded && !payment.canceled
    const after = await until(
      () => orderView(this.system, payment.order_id),
      (order) => !refunds || !order || order.summary.pending >= 0,
      refunds ? 10_000 : 0,
    )
    await this.system.sandbox.idle()
    const made = this.orderRefundsOf(cart).filter((refund) => !seen.has(refund.refundId))
    const what = `return ${done.returnId} of order ${payment.order_id}`
    const line = `${what} received, pending ${centsToDecimal(after?.summary.pending ?? 0)}, ${made.length} refund(s) at the service`
    if (racing) return line
    if (!refunds && made.length)
      this.violations.push(
        `${what}: the service refunded ${made.map((r) => r.totalAmount).join(", ")}, yet nobody asked (${this.system.refundOnReturn ? "nothing captured" : "refundOnReturn off"})`,
      )
    // What the order owes goes back across its loans, oldest payment first (docs/money.md): once per loan at most.
    const twice = made.filter((refund, i) => made.findIndex((other) => other.loanId === refund.loanId) !== i)
    if (refunds && twice.length)
      this.violations.push(`${what}: refundOnReturn refunded a loan more than once (${made.map((r) => `${r.loanId}: ${r.totalAmount}`).join(", ")})`)
    if (refunds && !before.excuse && after && after.summary.pending < 0 && !made.length)
      this.violations.push(
        `${what}: refundOnReturn is on, the books are clear, yet the order still owes ${centsToDecimal(-after.summary.pending)} and nothing was refunded`,
      )
    return line
  }

  /**
   * The admin adds an item to the order; the shopper pays the balance Medusa asks with a second
   * loan from the payment link. Captured at once (autoCapture), the order then owes nothing.
   */
  private async editUp(cart: CartInPlay, later = false): Promise<string> {
    const payment = await this.paymentOf(cart)
    if (!payment) return "no order"
    const stop = await editOrder(this.system, (what, reply) => this.served(what, reply), payment.order_id, { add: this.system.store.extraVariantId })
    if (stop) return stop
    if (!later) return `edit confirmed, ${await this.payBalance(cart, payment.order_id)}`
    const balance = await this.balanceAfterChange(payment.order_id)
    if (balance) this.trackBalance(cart, balance.id)
    return `edit confirmed, ${balance ? `balance ${centsToDecimal(balance.amount)} left open` : "nothing to pay"}`
  }

  /** The collection an order change opened for what is left to pay, once Medusa shows it. */
  private async balanceAfterChange(orderId: string): Promise<{ id: string; amount: number } | undefined> {
    const view = await until(
      () => orderView(this.system, orderId),
      (order) => !!order?.collections.some((c) => c.status === "not_paid"),
      5_000,
    )
    return view?.collections.filter((c) => c.status === "not_paid").pop()
  }

  /** A collection of the cart's order that the sequence's loans may pay: its loans are the cart's (facts, causes). */
  private trackBalance(cart: CartInPlay, collectionId: string): void {
    if (collectionId === cart.collectionId || cart.balances.includes(collectionId)) return
    cart.balances.push(collectionId)
    this.asked.alias(collectionId, cart.cartId)
  }

  /** The order's collection that asks for money, other than the cart's own (a balance an order change opened). */
  private async openBalanceOf(cart: CartInPlay, orderId: string): Promise<{ id: string; amount: number } | undefined> {
    const view = await orderView(this.system, orderId)
    return view?.collections.filter((c) => ["not_paid", "awaiting"].includes(c.status) && c.amount > 0 && c.id !== cart.collectionId).pop()
  }

  /** The loans of the cart's order's phone sales, oldest first. */
  private phoneLoansOf(cart: CartInPlay): Loan[] {
    return loansOfCollections(this.system.sandbox, [cart.collectionId, ...cart.balances]).filter((loan) => !!loan.posRequest)
  }

  /**
   * The links of the cart's order its customer can still pay (docs/money.md): phone sales and
   * Medusa's payment links of its collections. The cart's own loan of an order placed first is
   * not one: it ends with the order's payment, after the cancel (`expectOwnLoanEnded`).
   */
  private linksOut(cart: CartInPlay): Loan[] {
    return loansOfCollections(this.system.sandbox, [cart.collectionId, ...cart.balances]).filter(
      (loan) => payable(loan) && !this.linkless.has(loan.loanId),
    )
  }

  /** An order placed first and cancelled by the admin has its unpaid loan cancelled at the service, so the shopper can no longer pay it. */
  private async expectOwnLoanEnded(cart: CartInPlay, orderId: string, reply: Reply): Promise<void> {
    if (!this.system.orderBeforeFinancing || reply.status < 200 || reply.status >= 300) return
    const left = await until(
      async () => this.unpaidLoansOf(cart),
      (loans) => !loans.length,
    )
    if (left.length)
      this.violations.push(
        `order ${orderId} (placed first) was cancelled, yet its shopper can still pay loan ${left.map((l) => l.loanId).join(", ")}`,
      )
  }

  /** One payable link per collection: a new link cancels the collection's others first (docs/admin.md, "Sales by phone"). */
  private expectOnePayableLink(collectionId: string, what: string): void {
    const links = loansOfCollections(this.system.sandbox, [collectionId]).filter(payable)
    if (links.length > 1)
      this.violations.push(`${what}: collection ${collectionId} has ${links.length} payable links (loans ${links.map((l) => l.loanId).join(", ")})`)
  }

  /**
   * The shopper pays the order's open balance through Medusa's payment link: a session of the
   * collection (a loan), its first installment paid, the webhook delivered or lost, and the
   * storefront's return page asked or not. The return page asks the service itself: a paid loan of
   * a collection no other loan paid is then the collection's payment.
   */
  private async balanceLink(cart: CartInPlay, command: Extract<Command, { kind: "balance-link" }>): Promise<string> {
    const payment = await this.paymentOf(cart)
    const balance = payment && (await this.openBalanceOf(cart, payment.order_id))
    if (!payment || !balance) return "no open balance"
    this.trackBalance(cart, balance.id)
    const { sandbox } = this.system
    // The page asks first, as the storefront kit does (docs/storefront.md): it offers a loan only on `pay`.
    const page = this.served("balance page", await this.system.store.balanceEligibility(balance.id))
    const step = (page.body as { bnpl?: { next_step?: string } } | null)?.bnpl?.next_step
    const paidLink = loansOfCollections(sandbox, [balance.id]).find((loan) => isPaid(loan) && refundableCents(loan) > 0)
    if (step === "pay" && paidLink)
      this.violations.push(
        `the payment link's page of balance ${balance.id} offers a new loan (next_step "pay") although loan ${paidLink.loanId} of the balance is paid`,
      )
    if (step !== "pay") return `the page shows ${step ?? brief(page)}`
    const started = this.served("balance session", await this.system.store.startSession(balance.id))
    const loanId = loanOfSession(started)
    if (started.status !== 200 || loanId === undefined) return `session ${brief(started)}`
    await this.withFaults(WEBHOOK[command.webhook], async () => {
      await sandbox.pay(loanId)
      await sandbox.idle()
    })
    const delivery = sandbox.state.webhooks.filter((d) => d.loanId === loanId).pop()
    const paid = `balance ${centsToDecimal(balance.amount)}: loan ${loanId} paid (webhook ${delivery?.status ?? delivery?.error ?? "none"})`
    if (!command.returnPage) return paid
    const reply = this.served("balance return page", await this.system.store.confirmBalance(balance.id))
    const others = loansOfCollections(sandbox, [balance.id]).filter((loan) => loan.loanId !== loanId && isPaid(loan))
    const held = (await orderPayments(this.system.sql, this.cartIds)).some((order) => order.loan_id === loanId && order.payment_id)
    if (reply.status === 200 && !others.length && !held)
      this.violations.push(
        `the return page of balance ${balance.id} answered 200 after loan ${loanId} was paid, yet no payment of the order holds it`,
      )
    return `${paid}; return page ${brief(reply)}`
  }

  /**
   * The admin's sale by phone of what the order's open collection asks, the service answering as
   * `reply` says. As documented (docs/money.md): a 200 names a loan the service made, whose link
   * reached the phone, the collection's only payable link; a lost reply answers 500 and says what
   * became of the loan the service made: cancelled, or (the status query down) asked again later.
   */
  private async phoneSend(cart: CartInPlay, channel: "w" | "s" | "q", reply: PhoneReply, racing?: Race): Promise<string> {
    const payment = await this.paymentOf(cart)
    const collectionId = payment && (await inStoreCard(this.system, payment.order_id))?.payment_collection_id
    if (!payment || !collectionId) return "nothing asked"
    this.trackBalance(cart, collectionId)
    const { sandbox } = this.system
    const before = new Set(loansOfCollections(sandbox, [collectionId]).map((loan) => loan.loanId))
    const sent = await this.system.admin.post(`/admin/bnpl/orders/${payment.order_id}/in-store`, { phone: CUSTOMER_PHONE, channel })
    const made = loansOfCollections(sandbox, [collectionId]).filter((loan) => !before.has(loan.loanId) && loan.posRequest)
    const what = `phone sale of order ${payment.order_id} by ${channel}`
    const message = messageOf(sent)
    // The status query down before anything was sent (the collection's waiting link could not be checked): the admin is asked to try again.
    const tryAgain = reply === "lost-unknown" && !made.length && sent.status >= 500 && /try again in a moment/.test(message)
    if (tryAgain) this.trace.push(`  (${what}: the service down, the admin is asked to try again)`)
    else if (reply === "clear" || !made.length) this.served(what, sent)
    else if (sent.status !== 500 || !PHONE_LOST_ANSWERS[reply].test(message))
      this.violations.push(`${what}, its reply lost: answered ${sent.status} "${message.slice(0, 300)}", not the documented 500`)
    else if (reply === "lost" && made.some(payable))
      this.violations.push(`${what}: answered that loan ${made.map((l) => l.loanId).join(", ")} was cancelled, yet the customer can still pay it`)
    if (sent.status === 200) {
      const loanId = (sent.body as { sale?: { loan_id?: number } } | null)?.sale?.loan_id
      const loan = loanId === undefined ? undefined : sandbox.state.loans.get(loanId)
      if (!loan?.posRequest) this.violations.push(`${what}: answered 200, but the service holds no phone loan ${loanId}`)
      else if (!sandbox.outbox().some((m) => m.loanId === loanId))
        this.violations.push(`${what}: answered 200, but loan ${loanId}'s link never reached the phone`)
      if (!racing) this.expectOnePayableLink(collectionId, what)
    }
    const loans = made.map((loan) => `${loan.loanId} ${loan.status}`).join(", ")
    return `${sent.status === 200 ? "200" : `${sent.status} ${message.slice(0, 200)}`}${loans ? ` (service made loan ${loans})` : ""}`
  }

  /** *Send again*: the unpaid link to another phone, by WhatsApp or SMS; a 200 means one more message reached the phone. */
  private async phoneResend(cart: CartInPlay, channel: "w" | "s"): Promise<string> {
    const payment = await this.paymentOf(cart)
    const sale = payment && (await inStoreCard(this.system, payment.order_id))?.sale
    if (!payment || !sale) return "no sale by phone"
    const messages = () => this.system.sandbox.outbox().filter((m) => m.loanId === sale.loan_id && m.phone === OTHER_PHONE).length
    const before = messages()
    const reply = this.served(
      "phone resend",
      await this.system.admin.post(`/admin/bnpl/orders/${payment.order_id}/in-store/resend`, { phone: OTHER_PHONE, channel }),
    )
    if (reply.status === 200 && messages() <= before)
      this.violations.push(`resend of loan ${sale.loan_id}: answered 200, yet no message reached ${OTHER_PHONE}`)
    return `loan ${sale.loan_id}: ${brief(reply)}`
  }

  /** *Cancel* of the unpaid link: a 200 means the customer can no longer pay it. */
  private async phoneCancel(cart: CartInPlay): Promise<string> {
    const payment = await this.paymentOf(cart)
    const sale = payment && (await inStoreCard(this.system, payment.order_id))?.sale
    if (!payment || !sale) return "no sale by phone"
    const reply = this.served("phone cancel", await this.system.admin.post(`/admin/bnpl/orders/${payment.order_id}/in-store/cancel`))
    const loan = this.system.sandbox.state.loans.get(sale.loan_id)
    if (reply.status === 200 && loan && payable(loan))
      this.violations.push(`cancel of phone loan ${sale.loan_id}: answered 200, yet the customer can still pay it`)
    return `loan ${sale.loan_id}: ${brief(reply)}`
  }

  /** The customer pays the newest payable phone link of the order: from the message on the phone, or at the service. */
  private async phonePay(cart: CartInPlay, command: Extract<Command, { kind: "phone-pay" }>): Promise<string> {
    const loan = this.phoneLoansOf(cart).filter(payable).pop()
    if (!loan) return "no phone link to pay"
    const { sandbox } = this.system
    let how = "from the phone"
    try {
      await this.withFaults(WEBHOOK[command.webhook], async () => {
        if (command.via !== "outbox" || !(await payFromPhone(sandbox, loan.loanId))) {
          how = "at the service"
          await sandbox.pay(loan.loanId)
        }
        // The webhook meets the fault it was sent under.
        await sandbox.idle()
      })
    } catch (error) {
      return `loan ${loan.loanId} could not be paid: ${(error as Error).message.slice(0, 160)}`
    }
    const delivery = sandbox.state.webhooks.filter((d) => d.loanId === loan.loanId).pop()
    return `loan ${loan.loanId} paid ${how}, webhook ${delivery?.status ?? delivery?.error ?? "none"}`
  }

  /**
   * What an order change left to pay: the shopper pays Medusa's new collection with a second loan
   * from the payment link; with autoCapture the order then owes nothing.
   */
  private async payBalance(cart: CartInPlay, orderId: string): Promise<string> {
    const view = await until(
      () => orderView(this.system, orderId),
      (order) => !!order?.collections.some((c) => c.status === "not_paid"),
      5_000,
    )
    const balance = view?.collections.filter((c) => c.status === "not_paid").pop()
    if (!balance) return "nothing to pay"
    this.trackBalance(cart, balance.id)
    const started = this.served("balance session", await this.system.store.startSession(balance.id))
    const loanId = loanOfSession(started)
    if (started.status !== 200 || loanId === undefined) return `balance ${centsToDecimal(balance.amount)}; session ${brief(started)}`
    await this.system.sandbox.pay(loanId)
    const delivery = this.system.sandbox.state.webhooks.filter((d) => d.loanId === loanId).pop()
    const paid = `balance ${centsToDecimal(balance.amount)} paid with loan ${loanId} (webhook ${delivery?.status ?? delivery?.error ?? "none"})`
    if (!this.system.autoCapture) return paid
    const after = await until(
      () => orderView(this.system, orderId),
      (order) => order?.summary.pending === 0,
    )
    if (after && after.summary.pending !== 0)
      this.violations.push(
        `order ${orderId}: its balance was paid with loan ${loanId}, captured at once, yet it shows ${centsToDecimal(after.summary.pending)} pending`,
      )
    return paid
  }

  /** The admin takes one unit off a line, then refunds from the order page what the order then owes. */
  private async editDown(cart: CartInPlay, index: number): Promise<string> {
    const payment = await this.paymentOf(cart)
    const line = payment && (await this.reducibleOf(payment.order_id))
    if (!payment || !line) return "no line to reduce"
    const seen = new Set(this.orderRefundsOf(cart).map((refund) => refund.refundId))
    const stop = await editOrder(this.system, (what, reply) => this.served(what, reply), payment.order_id, {
      item: line.id,
      quantity: line.quantity - 1,
    })
    if (stop) return stop
    this.expectNoRefundSince(cart, seen, `edit of order ${payment.order_id} down`)
    return `edit confirmed; ${await this.refundOwed(cart, index, payment.order_id)}`
  }

  /** The service refunded nothing on the cart's order since `seen`: nobody asked. */
  private expectNoRefundSince(cart: CartInPlay, seen: Set<number>, what: string): void {
    const made = this.orderRefundsOf(cart).filter((refund) => !seen.has(refund.refundId))
    if (made.length) this.violations.push(`${what}: the service refunded ${made.map((r) => r.totalAmount).join(", ")} before anyone asked`)
  }

  /** The admin refunds from the order page what the order owes the shopper, if anything. */
  private async refundOwed(cart: CartInPlay, index: number, orderId: string): Promise<string> {
    const owed = -((await orderView(this.system, orderId))?.summary.pending ?? 0)
    const fresh = await this.paymentOf(cart)
    if (owed <= 0 || !fresh?.payment_id || fresh.canceled)
      return `the order owes ${centsToDecimal(Math.max(0, owed))}${fresh?.canceled ? ", its payment cancelled by Medusa" : ""}`
    const refunded = await this.refund(cart, { kind: "refund", cart: index, share: 100, answer: "clear" }, undefined, owed)
    return `the order owes ${centsToDecimal(owed)}, refunded from the order page: ${refunded}`
  }

  /**
   * An exchange of one unit of the order's line for the other variant, or a claim of one unit for
   * a refund, its return received. What Medusa then asks is paid with a second loan; what it owes
   * goes back from the order page, unless `refundOnReturn` sent it when the return was received.
   */
  private async exchangeOrClaim(cart: CartInPlay, index: number, kind: "exchange" | "claim"): Promise<string> {
    const payment = await this.paymentOf(cart)
    const view = payment && (await orderView(this.system, payment.order_id))
    // Shipped goods first: a line an exchange added has no stock reservation to ship from.
    const shippedLeft = (item: OrderItemView) => item.detail.fulfilled_quantity - item.quantity + returnable(item)
    const item = view?.items.filter((candidate) => returnable(candidate) > 0).sort((a, b) => shippedLeft(b) - shippedLeft(a))[0]
    if (!payment?.payment_id || !view || !item) return `nothing to ${kind}`
    const seen = new Set(this.orderRefundsOf(cart).map((refund) => refund.refundId))
    this.shipped.add(payment.order_id)
    const served = (what: string, reply: Reply) => this.served(what, reply)
    const stop =
      kind === "exchange"
        ? await exchangeOne(this.system, served, view, item.id, this.system.store.extraVariantId)
        : await claimOne(this.system, served, view, item.id)
    if (stop) return stop
    // With refundOnReturn, what the order owes goes back when Medusa announces the return received, after the request.
    const after = await until(
      () => orderView(this.system, payment.order_id),
      (order) => !this.system.refundOnReturn || !order || order.summary.pending >= 0,
      this.system.refundOnReturn ? 10_000 : 0,
    )
    await this.system.sandbox.idle()
    if (!this.system.refundOnReturn) this.expectNoRefundSince(cart, seen, `${kind} on order ${payment.order_id}`)
    const pending = after?.summary.pending ?? 0
    const settled = pending > 0 ? await this.payBalance(cart, payment.order_id) : await this.refundOwed(cart, index, payment.order_id)
    return `${kind} received; ${settled}`
  }

  /** A share of the payment captured (capture at fulfilment): no money moves at the service, and it must go through on clear books. */
  private async partialCapture(cart: CartInPlay, share: number): Promise<string> {
    const payment = await this.paymentOf(cart)
    if (!payment?.payment_id || payment.loan_id === null) return "no order payment"
    const amount = Math.max(1, Math.floor((payment.amount * share) / 100))
    const before = await this.before(cart, payment.loan_id, payment)
    const reply = this.served(
      "partial capture",
      await this.system.admin.post(`/admin/payments/${payment.payment_id}/capture`, { amount: amount / 100 }),
    )
    const made = this.refundsOf(cart).filter((refund) => !before.refundIds.has(refund.refundId))
    const what = `capture of ${centsToDecimal(amount)} of payment ${payment.payment_id}`
    if (made.length) this.violations.push(`${what}: the service refunded ${made.map((r) => r.totalAmount).join(", ")}`)
    if (reply.status !== 200 && !before.excuse && before.refundable === payment.amount)
      this.violations.push(`${what}: refused (${brief(reply)}), with the loan paid, unrefunded and nothing unclear`)
    return `${centsToDecimal(amount)}: ${brief(reply)}`
  }

  /**
   * The store's own code cancels the order through Medusa's `cancelOrderWorkflow`: what the
   * payment captured is refunded through the plugin (booked), the rest when Medusa announces the
   * cancel; the invariant then wants the loan refunded in full, or the cancel refused.
   */
  private async storeCancel(cart: CartInPlay): Promise<string> {
    const code = this.system.storeCode
    const payment = await this.paymentOf(cart)
    if (!code || !payment) return "no order"
    const error = await code.cancelOrder(payment.order_id)
    this.asked.storeCancelled.add(payment.order_id)
    if (error) return `refused: ${error.slice(0, 160)}`
    const loan = payment.loan_id === null ? undefined : this.system.sandbox.state.loans.get(payment.loan_id)
    // The rest of the loan goes back on `order.canceled`, which Medusa sends after the workflow answers.
    if (loan && isPaid(loan))
      await until(
        async () => refundableCents(loan),
        (left) => left === 0,
      )
    await this.system.sandbox.idle()
    return `cancelled${loan ? `; loan ${loan.loanId} keeps ${centsToDecimal(isPaid(loan) ? refundableCents(loan) : 0)} unrefunded` : ""}`
  }

  /** The store's own code refunds a share of what the payment holds through Medusa's `refundPaymentWorkflow`: booked, and one refund at the service. */
  private async storeRefund(cart: CartInPlay, share: number, racing?: Race): Promise<string> {
    const code = this.system.storeCode
    const payment = await this.paymentOf(cart)
    if (!code || !payment?.payment_id || payment.loan_id === null) return "no order payment"
    const amount = Math.max(1, Math.floor(((payment.captured - payment.refunded) * share) / 100))
    const before = await this.before(cart, payment.loan_id, payment)
    const error = await code.refundPayment(payment.payment_id, amount / 100)
    const made = this.refundsOf(cart).filter((refund) => !before.refundIds.has(refund.refundId))
    const what = `the store's refundPaymentWorkflow of ${centsToDecimal(amount)} on payment ${payment.payment_id}`
    const reply: Reply = { status: error ? 400 : 200, body: { message: error ?? "" } }
    // Racing a cancel, the service's refunds since `before` are the cancel's too.
    if (!racing) this.expectOneRefund(what, amount, reply, made)
    if (!racing && before.unclearOnLoan) this.expectHeld(what, cart, before, reply)
    await this.judgeAsk(cart, payment.loan_id, before, {
      what,
      excused: racing && !STRICT_IN_RACE.has(racing) ? `racing ${racing}` : amount > before.refundable ? "more than remains" : before.excuse,
      reply,
      expect: { refund: amount },
      // Racing, the service's refunds since `before` are the other side's too (the end state counts each one).
      made: racing ? undefined : made.filter((refund) => refund.loanId === payment.loan_id).map((refund) => decimalToCents(refund.totalAmount)),
    })
    return `${centsToDecimal(amount)}: ${error ? `refused: ${error.slice(0, 160)}` : "200"}, ${made.length} refund(s) at the service`
  }

  private refundsOf(cart: CartInPlay): Refund[] {
    return this.loansOf(cart.cartId).flatMap((loan) => loan.refunds)
  }

  private async portalRefund(cart: CartInPlay, share: number): Promise<string> {
    const loans = this.loansOf(cart.cartId)
    // The portal refunds the cart's paid loan as the service picks it: the newest outstanding, else the newest closed.
    const loan = loans.filter((l) => l.status === "OUTSTANDING").pop() ?? loans.filter((l) => l.status === "HISTORICAL").pop()
    if (!loan) return "no paid loan"
    const left = refundableCents(loan)
    if (left <= 0) return `loan ${loan.loanId}: nothing left to refund`
    const amount = centsToDecimal(Math.max(1, Math.floor((left * share) / 100)))
    try {
      const refund = this.system.sandbox.refundAtService(cart.cartId, amount)
      this.asked.portal.add(refund.refundId)
      return `loan ${refund.loanId}: ${amount} refunded in the portal`
    } catch (error) {
      return `refused: ${(error as Error).message}`
    }
  }

  /** The refund checks of the cart's loans fall due, and reconciliation runs: it compares the service's refunds with the book and Medusa. */
  private async refundCheck(cart: CartInPlay): Promise<string> {
    await makeRefundChecksDue(this.system.sql, [cart.cartId])
    return (await this.reconcile()).line
  }

  /**
   * Reconcile now, as the admin does: start a run, follow it until it ends. A run that fails is a
   * violation, as a 5xx was, unless the service was `troubled` meanwhile.
   */
  private async reconcile(troubled = false): Promise<{ line: string; quiet: boolean }> {
    const outcome = await reconcileAndWait({
      post: async (path) => this.served("reconcile", await this.system.admin.post(path)),
      get: async (path) => this.served("reconcile (poll)", await this.system.admin.get(path)),
    })
    if (!outcome.ok) {
      if (outcome.reply.status === 200 && !troubled) this.violations.push(`reconcile ${outcome.what}`)
      return { line: `${outcome.what} (${brief(outcome.reply)})`, quiet: false }
    }
    const counts = outcome.summary
    const busy = ["authorized", "cancelled", "failed", "refunded", "refunds_recorded"].some((key) => counts[key] > 0)
    const line = Object.entries(counts)
      .filter(([key, n]) => n > 0 && key !== "checked")
      .map(([key, n]) => `${key} ${n}`)
      .join(", ")
    return { line: `done: ${line || "nothing to do"}`, quiet: !busy }
  }
}

/** Commands that set one of the sandbox's (global) faults for their duration. */
function setsFault(command: Command): boolean {
  return (
    (command.kind === "pay" && command.webhook !== "deliver") ||
    (command.kind === "session" && command.reply === "lost") ||
    (command.kind === "cancel" && command.rejected) ||
    (command.kind === "refund" && command.answer !== "clear") ||
    command.kind === "refund-during-lag" ||
    (command.kind === "reconcile" && command.trouble !== "none") ||
    (command.kind === "phone-send" && command.reply !== "clear") ||
    (command.kind === "phone-pay" && command.webhook !== "deliver") ||
    (command.kind === "balance-link" && command.webhook !== "deliver") ||
    (command.kind === "cancel" && !!command.linkStuck)
  )
}

/** A partial capture followed by a cancel moves the loan's money (see MONEY_MOVERS). */
function movesMoney(command: Command): boolean {
  return MONEY_MOVERS.has(command.kind) || (command.kind === "partial-capture" && command.cancel)
}

/** Commands that move a loan's money and judge what the service did meanwhile: another sequence's work would blur that. */
const MONEY_MOVERS: ReadonlySet<Command["kind"]> = new Set([
  "refund",
  "refund-during-lag",
  "cancel",
  "refund-in-full",
  "settle-unclear",
  "refused-complete",
  "return",
  "edit-down",
  "exchange",
  "claim",
  "store-cancel",
  "store-refund",
  // They cancel the collection's other links, or pay one: each checks the service's loans of the order after.
  "phone-send",
  "phone-cancel",
  "phone-pay",
  "balance-link",
])

/**
 * Run alone: commands that set a fault; commands that move money, whose checks count the
 * service's new refunds on the cart (another sequence's reconciliation could refund the cart's
 * other loan); races, whose timing another sequence's work would blur.
 */
function runsAlone(command: Command): boolean {
  return setsFault(command) || movesMoney(command) || command.kind === "race"
}

/** The phones the customer gives the admin: the first sale's, and another for *Send again*. */
const CUSTOMER_PHONE = "5512345678"
const OTHER_PHONE = "5587654321"

/** What a lost creation reply answers (docs/money.md): the loan the service made was cancelled; or, the status query down, the service cannot say yet. */
const PHONE_LOST_ANSWERS: Record<Exclude<PhoneReply, "clear">, RegExp> = {
  lost: /after the service made loan \d+, which was cancelled: the customer cannot pay it/,
  "lost-unknown": /cannot say now whether it made the loan/,
}

/** The whole message of a reply (brief() cuts it short). */
function messageOf(reply: Reply): string {
  const body = reply.body as { message?: unknown } | null
  return typeof body === "object" && body !== null && "message" in body ? String(body.message) : typeof reply.body === "string" ? reply.body : ""
}

/** The loan a pp_bnpl_bnpl session of a store's payment-sessions reply holds. */
function loanOfSession(reply: Reply): number | undefined {
  const sessions = (reply.body as { payment_collection?: { payment_sessions: Array<{ provider_id: string; data?: { loan_id?: number } }> } } | null)
    ?.payment_collection?.payment_sessions
  return sessions?.find((session) => session.provider_id === "pp_bnpl_bnpl")?.data?.loan_id
}

function unreachable(value: never): never {
  throw new Error(`unknown command ${JSON.stringify(value)}`)
}
