import type { FilterablePaymentSessionProps, Logger, MedusaContainer, PaymentSessionDTO } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { bnplFromContainer } from "../providers/bnpl/resolve-options"
import { PROVIDER_ID, readSessionData, type SessionData } from "../providers/bnpl/session-data"
import { isPaid } from "../providers/bnpl/status"
import { confirmLoan, withCartLock } from "./confirm-loan"
import { rollBackInterruptedCompletions } from "./interrupted-completion"

/**
 * The spec sends no event for a lost webhook or an abandoned loan; its answer
 * is that the merchant polls. This walks the pp_bnpl_bnpl sessions still
 * pending after a grace period, asks the status query about each, and:
 * - paid: confirms it through `confirmLoan`, the webhook's own path;
 * - unpaid past the loan time-out: cancels the loan and the session;
 * - cancelled at the service: cancels the session;
 * - status query failing: leaves it for the next run.
 * Then it removes the orders that cart completions killed half-way left
 * without a cart (see interrupted-completion.ts).
 */
export interface ReconcileSummary {
  checked: number
  authorized: number
  cancelled: number
  pending: number
  failed: number
  /** Orders an interrupted cart completion left without a cart, removed so the cart completes into one order. */
  orphan_orders_removed: number
}

type PendingSession = Pick<PaymentSessionDTO, "id" | "amount" | "currency_code" | "created_at" | "data">

type Outcome = Exclude<keyof ReconcileSummary, "checked" | "orphan_orders_removed">

const PAGE_SIZE = 100

const RUN_LOCK_TIMEOUT_SECONDS = 15 * 60

/**
 * One run at a time, across instances when the locking provider is shared
 * (Redis): overlapping runs would double the load on the service. A second
 * run waits for the first, then finds little left to do.
 */
export async function reconcileLoans(container: MedusaContainer, now?: Date): Promise<ReconcileSummary> {
  const locking = container.resolve(Modules.LOCKING)
  return locking.execute("bnpl:reconcile", () => reconcileRun(container, now ?? new Date()), {
    timeout: RUN_LOCK_TIMEOUT_SECONDS,
  })
}

async function reconcileRun(container: MedusaContainer, now: Date): Promise<ReconcileSummary> {
  const { options } = bnplFromContainer(container)
  const payments = container.resolve(Modules.PAYMENT)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const graceCutoff = new Date(now.getTime() - options.reconcileGraceSeconds * 1000)
  const timeoutCutoff = new Date(now.getTime() - options.loanTimeoutHours * 3_600_000)
  const summary: ReconcileSummary = { checked: 0, authorized: 0, cancelled: 0, pending: 0, failed: 0, orphan_orders_removed: 0 }
  /** Carts whose confirmation already looked for orphan orders (and counted what it found or failed on). */
  const confirmed = new Set<string>()

  // Keyset paging by id: sessions leaving the pending set cannot shift a page,
  // and memory holds one page however many sessions are pending.
  for (let after: string | undefined; ; ) {
    const filters = {
      provider_id: PROVIDER_ID,
      // Not in the published filter type, but a column the module filters on like any other.
      status: "pending",
      created_at: { $lte: graceCutoff.toISOString() },
      ...(after ? { id: { $gt: after } } : {}),
    } as FilterablePaymentSessionProps
    const page: PendingSession[] = await payments.listPaymentSessions(filters, {
      take: PAGE_SIZE,
      order: { id: "ASC" },
      select: ["id", "amount", "currency_code", "created_at", "data"],
    })
    if (!page.length) break
    after = page[page.length - 1].id
    await eachLimited(page, options.reconcileConcurrency, async (session) => {
      summary.checked++
      summary[await reconcileSession(container, logger, session, new Date(session.created_at) <= timeoutCutoff, summary, confirmed)]++
    })
  }
  // Last: paid carts were cleaned up as they were confirmed; this finds the rest.
  const orphans = await rollBackInterruptedCompletions(container, confirmed)
  summary.orphan_orders_removed += orphans.removed
  summary.failed += orphans.failed
  return summary
}

async function reconcileSession(
  container: MedusaContainer,
  logger: Logger,
  session: PendingSession,
  timedOut: boolean,
  summary: ReconcileSummary,
  confirmed: Set<string>,
): Promise<Outcome> {
  const data = readSessionData(session.data)
  if (!data) return "failed"
  const { client } = bnplFromContainer(container)
  try {
    const loan = await client.getLoan(data.cart_id, data.loan_id)
    if (loan && isPaid(loan)) {
      confirmed.add(data.cart_id)
      const confirmation = await confirmLoan(container, data.cart_id, data.loan_id)
      if (confirmation.outcome === "authorized") summary.orphan_orders_removed += confirmation.orphanOrdersRemoved
      if (confirmation.outcome === "authorized" || confirmation.outcome === "already_authorized") return "authorized"
      logger.warn(`[bnpl] reconciliation: paid loan ${data.loan_id} of cart ${data.cart_id} not authorized: ${confirmation.outcome}`)
      return "failed"
    }
    if (loan?.status === "CANCELLED") return (await cancelSession(container, session, data, false)) ? "cancelled" : "pending"
    if (timedOut) return (await cancelSession(container, session, data, true)) ? "cancelled" : "pending"
    return "pending"
  } catch (error) {
    // One line per session and run; the session stays pending for the next run.
    logger.warn(`[bnpl] reconciliation: loan ${data.loan_id} of cart ${data.cart_id} left for the next run: ${(error as Error).message}`)
    return "failed"
  }
}

/** Under the cart lock, and only if the session is still pending: a racing webhook or run wins. */
async function cancelSession(container: MedusaContainer, session: PendingSession, data: SessionData, atService: boolean): Promise<boolean> {
  const payments = container.resolve(Modules.PAYMENT)
  const { client } = bnplFromContainer(container)
  return withCartLock(container, data.cart_id, async () => {
    const current = await payments.retrievePaymentSession(session.id, { select: ["id", "status"] })
    if (current.status !== "pending") return false
    if (atService) {
      // A loan paid since the first look is not cancelled; the next run confirms it.
      const { cancelled } = await client.cancelIfUnpaid(data.cart_id, data.loan_id, "abandoned: not paid within the loan time-out")
      if (!cancelled) return false
    }
    await payments.updatePaymentSession({
      id: session.id,
      amount: session.amount,
      currency_code: session.currency_code,
      data: { ...data, loan_status: "CANCELLED" },
      status: "canceled",
    })
    return true
  })
}

/** Runs `work` over `items` with at most `limit` in flight. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++])
  })
  await Promise.all(lanes)
}
