import type { FaultConfig, Loan, Refund } from "../../src/sandbox"
import { centsToDecimal, decimalToCents } from "../../src/sandbox/money"
import { refundableCents } from "../../src/sandbox/refunds"
import { reconcileAndWait } from "../helpers/reconcile"
import { type Command, describe, type Race, type Trouble, type WebhookFate } from "./commands"
import { letTimePass, listedRows, openBookEntries, orderOfCart, orderPayments } from "./facts"
import { Gate } from "./gate"
import { brief, type Reply } from "./http"
import type { ModelSystem, ReadyCart } from "./system"

interface CartInPlay extends ReadyCart {
  quantity: number
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
    { kind: "refund", cart, share: 50, lostReply: false },
    { kind: "late-webhook", cart },
  ],
  "pay+complete": (cart) => [
    { kind: "pay", cart, loan: "newest", webhook: "deliver" },
    { kind: "complete", cart },
  ],
  "refund+refund": (cart) => [
    { kind: "refund", cart, share: 25, lostReply: false },
    { kind: "refund", cart, share: 25, lostReply: false },
  ],
  "refund+reconcile": (cart) => [
    { kind: "refund", cart, share: 50, lostReply: false },
    { kind: "reconcile", trouble: "none" },
  ],
  "portal-refund+cancel": (cart) => [
    { kind: "cancel", cart, rejected: false },
    { kind: "portal-refund", cart, share: 50 },
  ],
}
const RACE_OFFSET_MS = 30

/** More rejections than one cancel can ask for refunds. */
const REJECT_ALL = 10

/**
 * Final reconciliation passes: as the scheduled job would run again five minutes later, until a
 * pass changes nothing, but at least two: the first may join a run another sequence started
 * before this one's time passed, which did not see its loans due yet.
 */
const MIN_FINAL_PASSES = 2
const MAX_FINAL_PASSES = 3

/**
 * Drives one sequence against the real system: each command does what a shopper, the admin,
 * the service or the clock would do, and records what it saw in the trace. Commands that do
 * not apply (pay with nothing to pay, cancel with no order) are no-ops, so any sequence runs.
 * A few checks belong to one command (a REJECTED refund fails the cancel; one Medusa refund
 * is one refund at the service); the rest is the invariant after the last reconcile.
 */
export class SequenceRun {
  readonly trace: string[] = []
  readonly violations: string[] = []
  private readonly carts: CartInPlay[] = []

  constructor(
    private readonly system: ModelSystem,
    private readonly gate = new Gate(),
  ) {}

  get cartIds(): string[] {
    return this.carts.map((cart) => cart.cartId)
  }

  get cartQuantities(): Array<{ cartId: string; quantity: number }> {
    return this.carts.map(({ cartId, quantity }) => ({ cartId, quantity }))
  }

  async setUp(quantities: number[]): Promise<void> {
    for (const quantity of quantities) {
      const cart = await this.gate.alongside(() => this.system.store.readyCart(quantity))
      this.carts.push({ ...cart, quantity })
      this.trace.push(`cart ${this.carts.length - 1}: ${cart.cartId}, quantity ${quantity}`)
    }
  }

  /** Performs the command if it can apply now (see `applies`); answers whether it did. */
  async attempt(command: Command): Promise<boolean> {
    if (!(await this.applies(command))) return false
    const started = Date.now()
    const outcome = await (runsAlone(command) ? this.gate.alone(() => this.perform(command)) : this.gate.alongside(() => this.perform(command)))
    this.trace.push(`${describe(command, this.carts.length)} -> ${outcome} (${Date.now() - started} ms)`)
    return true
  }

  /**
   * What a person could do now: pay only an unpaid loan, complete only a cart that had a
   * session, cancel or capture only an order, refund only what was captured. Medusa's own
   * refusals of the rest are not what this test is about, and would spend the sequence.
   */
  private async applies(command: Command): Promise<boolean> {
    if (!("cart" in command)) return true
    if (command.kind === "race") {
      for (const part of RACE_PAIRS[command.race](command.cart)) if (!(await this.applies(part))) return false
      return true
    }
    const cart = this.cart(command.cart)
    const loans = this.loansOf(cart.cartId)
    const order = await this.paymentOf(cart)
    switch (command.kind) {
      case "session":
      case "change":
        return !order
      case "complete":
        return !order && loans.length > 0
      case "pay":
        return loans.some((loan) => loan.status === "REQUEST" && !loan.expired)
      case "late-webhook":
        return loans.some(isPaid)
      case "portal-refund":
        return loans.some((loan) => isPaid(loan) && refundableCents(loan) > 0)
      case "cancel":
        return !!order && order.order_status !== "canceled"
      case "capture":
        return !!order && order.captured === 0 && !order.canceled
      case "refund":
        return !!order && order.captured > order.refunded
      case "refund-in-full":
        return (await listedRows(this.system.sql, cart.cartId)).some((row) =>
          loans.some((loan) => loan.loanId === row.loan_id && refundableCents(loan) > 0),
        )
      case "retry-completion":
        return (await listedRows(this.system.sql, cart.cartId)).length > 0
      default:
        return unreachable(command)
    }
  }

  /** Webhooks and refunds settle, half a day passes, and reconciliation runs until it has nothing left to do. */
  async finish(): Promise<void> {
    await this.gate.alongside(() => this.settle())
  }

  private async settle(): Promise<void> {
    const { sandbox } = this.system
    await sandbox.idle()
    await letTimePass(this.system.sql, this.cartIds)
    this.trace.push("(final) half a day passes")
    await this.reconcileUntilQuiet()
    // The admin settles what reconciliation listed as refunded outside Medusa, with the amounts
    // the portal shows (the model knows them: it made those refunds), and reconciles again.
    if (await this.recordOutsideRefunds()) await this.reconcileUntilQuiet()
    await sandbox.idle()
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
   * Every open entry of the plugin's book (a refund made outside Medusa, amount unknown to the
   * plugin) recorded by the admin with the amount the service's own records show for that
   * date; a live order's uncaptured payment is captured first, as the plugin asks. Answers
   * how many it recorded.
   */
  private async recordOutsideRefunds(): Promise<number> {
    const entries = await openBookEntries(this.system.sql, this.cartIds)
    for (const entry of entries) {
      const truth = this.loansOf(entry.cart_id)
        .flatMap((loan) => loan.refunds)
        .find((refund) => refund.refundDate === entry.refund_date)
      if (!truth) {
        this.violations.push(`book entry ${entry.id} (loan ${entry.loan_id}) names a refund on ${entry.refund_date} that the service never made`)
        continue
      }
      const order = (await orderPayments(this.system.sql, [entry.cart_id])).find((o) => o.loan_id === entry.loan_id && o.order_status !== "canceled")
      if (order?.payment_id && !order.canceled && order.captured === 0) await this.system.admin.post(`/admin/payments/${order.payment_id}/capture`)
      const path = `/admin/bnpl/loans/${entry.row_id}/refunds/${entry.id}`
      const reply = this.served("record outside refund", await this.system.admin.post(path, { action: "record", amount: truth.totalAmount }))
      this.trace.push(`(final) admin records the portal refund of ${truth.totalAmount} on loan ${entry.loan_id} -> ${brief(reply)}`)
    }
    return entries.length
  }

  /** `racing`: another command runs on the cart meanwhile, so the checks of a command alone do not hold. */
  private perform(command: Command, racing = false): Promise<string> {
    switch (command.kind) {
      case "session":
        return this.session(this.cart(command.cart))
      case "change":
        return this.change(this.cart(command.cart), command.quantity)
      case "pay":
        return this.pay(this.cart(command.cart), command)
      case "late-webhook":
        return this.lateWebhook(this.cart(command.cart))
      case "complete":
        return this.complete(this.cart(command.cart))
      case "cancel":
        return this.cancel(this.cart(command.cart), command.rejected)
      case "capture":
        return this.capture(this.cart(command.cart))
      case "refund":
        return this.refund(this.cart(command.cart), command, racing)
      case "portal-refund":
        return this.portalRefund(this.cart(command.cart), command.share)
      case "reconcile":
        return this.withFaults(TROUBLE[command.trouble], () => this.reconcile(command.trouble !== "none")).then((summary) => summary.line)
      case "time-passes":
        return letTimePass(this.system.sql, this.cartIds).then(() => "loans 13 h older")
      case "race":
        return this.race(command)
      case "refund-in-full":
        return this.refundInFull(this.cart(command.cart))
      case "retry-completion":
        return this.retryCompletion(this.cart(command.cart))
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

  private async race(command: Extract<Command, { kind: "race" }>): Promise<string> {
    const [first, second] = RACE_PAIRS[command.race](command.cart)
    const outcomes = await Promise.all([
      this.perform(first, true),
      new Promise((resolve) => setTimeout(resolve, RACE_OFFSET_MS)).then(() => this.perform(second, true)),
    ])
    return `${describe(first, this.carts.length)}: ${outcomes[0]} | ${describe(second, this.carts.length)}: ${outcomes[1]}`
  }

  /**
   * *Refund in full* on the cart's listed loan. The plugin refuses it while an order that is not
   * cancelled holds the loan's payment: refunding then would leave a live order on a refunded loan.
   */
  private async refundInFull(cart: CartInPlay): Promise<string> {
    const [row] = await listedRows(this.system.sql, cart.cartId)
    if (!row) return "nothing listed"
    const reply = this.served("refund in full", await this.system.admin.post(`/admin/bnpl/loans/${row.id}/refund`))
    const live = (await orderPayments(this.system.sql, [cart.cartId])).find(
      (order) => order.loan_id === row.loan_id && order.order_status !== "canceled" && !order.canceled,
    )
    if (reply.status === 200 && live)
      this.violations.push(`refund in full of loan ${row.loan_id} answered 200 although order ${live.order_id} holds it`)
    return `loan ${row.loan_id}: ${brief(reply)}`
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

  private async session(cart: CartInPlay): Promise<string> {
    const reply = this.served("session", await this.system.store.startSession(cart.collectionId))
    if (reply.status !== 200) return brief(reply)
    const sessions = (reply.body as { payment_collection: { payment_sessions: Array<{ provider_id: string; data?: { loan_id?: number } }> } })
      .payment_collection.payment_sessions
    const loanId = sessions.find((s) => s.provider_id === "pp_bnpl_bnpl")?.data?.loan_id
    return `200 loan ${loanId}`
  }

  private async change(cart: CartInPlay, quantity: number): Promise<string> {
    const reply = this.served("change cart", await this.system.store.setQuantity(cart.cartId, cart.itemId, quantity))
    if (reply.status === 200) cart.quantity = quantity
    return brief(reply)
  }

  private async pay(cart: CartInPlay, command: Extract<Command, { kind: "pay" }>): Promise<string> {
    const unpaid = this.loansOf(cart.cartId).filter((loan) => loan.status === "REQUEST" && !loan.expired)
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

  private async cancel(cart: CartInPlay, rejected: boolean): Promise<string> {
    const { sandbox, sql } = this.system
    const orderId = await orderOfCart(sql, cart.cartId)
    if (!orderId) return "no order"
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
    return `${brief(reply)}${refused ? " (refunds REJECTED)" : ""}`
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
    return (await orderPayments(this.system.sql, [cart.cartId])).find((order) => order.cart_id === cart.cartId)
  }

  private async capture(cart: CartInPlay): Promise<string> {
    const payment = await this.paymentOf(cart)
    if (!payment?.payment_id) return "no order payment"
    return brief(this.served("capture", await this.system.admin.post(`/admin/payments/${payment.payment_id}/capture`)))
  }

  private async refund(cart: CartInPlay, command: Extract<Command, { kind: "refund" }>, racing: boolean): Promise<string> {
    const { sandbox } = this.system
    const payment = await this.paymentOf(cart)
    if (!payment?.payment_id) return "no order payment"
    const base = payment.captured > 0 ? payment.captured - payment.refunded : payment.amount
    const amount = Math.max(1, Math.floor((base * command.share) / 100))
    const before = new Set(this.refundsOf(cart).map((refund) => refund.refundId))
    if (command.lostReply) sandbox.setFaults({ refund: { applyThenFailNext: 1 } })
    let reply: Reply
    try {
      reply = this.served("refund", await this.system.admin.post(`/admin/payments/${payment.payment_id}/refund`, { amount: amount / 100 }))
    } finally {
      if (command.lostReply) sandbox.setFaults({})
    }
    const made = this.refundsOf(cart).filter((refund) => !before.has(refund.refundId))
    if (!racing) this.expectOneRefund(payment.payment_id, amount, reply, made)
    return `${centsToDecimal(amount)}: ${brief(reply)}, ${made.length} refund(s) at the service`
  }

  /** Case 3: one Medusa refund is one refund at the service, even when its reply was lost. */
  private expectOneRefund(paymentId: string, amount: number, reply: Reply, made: Refund[]): void {
    const what = `refund of ${centsToDecimal(amount)} on payment ${paymentId}`
    if (made.length > 1) this.violations.push(`${what}: the service refunded ${made.length} times (${made.map((r) => r.totalAmount).join(", ")})`)
    else if (reply.status === 200 && (made.length !== 1 || decimalToCents(made[0].totalAmount) !== amount)) {
      this.violations.push(`${what}: Medusa answered 200, the service recorded ${made.map((r) => r.totalAmount).join(", ") || "nothing"}`)
    }
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
      return `loan ${refund.loanId}: ${amount} refunded in the portal`
    } catch (error) {
      return `refused: ${(error as Error).message}`
    }
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
    (command.kind === "cancel" && command.rejected) ||
    (command.kind === "refund" && command.lostReply) ||
    (command.kind === "reconcile" && command.trouble !== "none")
  )
}

/**
 * Run alone: commands that set a fault; refunds, whose check counts the service's new refunds
 * on the cart (another sequence's reconciliation could refund the cart's other loan); races,
 * whose timing another sequence's work would blur.
 */
function runsAlone(command: Command): boolean {
  return setsFault(command) || command.kind === "refund" || command.kind === "race"
}

function unreachable(value: never): never {
  throw new Error(`unknown command ${JSON.stringify(value)}`)
}
