import { asValue } from "@medusajs/framework/awilix"
import { Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { bookingSender, ROLLBACK_REFUND, type RefundSender } from "../money/refund-book"
import type { LoanRecord } from "../service/wire"
import { medusaContainer } from "./application-container"

/**
 * What a plugin path hands the payment provider while a Medusa workflow it runs calls it. The
 * provider lives in the payment module's container and is called by Medusa, with nothing of the
 * plugin's in its arguments; it finds the hand-over in Medusa's application container, its one
 * channel (application-container.ts).
 */
export interface HandOver {
  refunds?: HandedRefunds
  /** The status query the confirmation has just made: the authorization takes it instead of asking the service again. */
  confirmed?: LoanRecord
}

/** Medusa's record of a refund, which it commits before it calls the provider under the record's id. */
export interface AskedRefund {
  payment_id: string
  note?: string | null
  created_by?: string | null
}

/** The refunds Medusa asks for on the path: booked and sent under the lock the path holds (refund-book.ts). */
export interface HandedRefunds {
  send: RefundSender
  /**
   * Whether Medusa's refund is the one the path asked for. Another refund of the same cart in
   * that moment (the store's own code) is the store's, and waits for the lock: taken as the
   * path's, it would be booked in the middle of what the path decides under it.
   */
  asked: (refund: AskedRefund) => boolean
}

/**
 * The provider calls a hand-over is for: those on these carts (the `cartId` the service knows
 * them by, whose holders' locks the path holds), while the path's call lasts.
 */
export interface HandOverScope {
  carts: readonly string[]
  /** Settles when the call is over; by default, when `work` settles. A middleware's `next()` returns before its route answers. */
  lasts?: Promise<unknown>
}

const HAND_OVERS = "bnplHandOvers"

/** The hand-overs this process's paths hold, by cart; the newest last. */
type HandOvers = Map<string, HandOver[]>

async function handOvers(): Promise<HandOvers> {
  const container = await medusaContainer()
  if (!container.hasRegistration(HAND_OVERS)) container.register(HAND_OVERS, asValue(new Map()))
  return container.resolve<HandOvers>(HAND_OVERS)
}

/** Runs `work` with `handOver` held for the provider's calls on `scope`'s carts, until the call is over. */
export async function withHandOver<T>(handOver: HandOver, scope: HandOverScope, work: () => T | Promise<T>): Promise<T> {
  const held = await handOvers()
  for (const cart of scope.carts) held.set(cart, [...(held.get(cart) ?? []), handOver])
  const end = () => {
    for (const cart of scope.carts) {
      const left = (held.get(cart) ?? []).filter((other) => other !== handOver)
      if (left.length) held.set(cart, left)
      else held.delete(cart)
    }
  }
  if (scope.lasts) {
    scope.lasts.then(end, end)
    return work()
  }
  try {
    return await work()
  } finally {
    end()
  }
}

/** The status query a confirmation of this process has just made for `loanId`, if any. */
export async function confirmedLoan(cartId: string, loanId: number): Promise<LoanRecord | undefined> {
  const confirmed = newestFirst((await handOvers()).get(cartId)).find((handOver) => handOver.confirmed)?.confirmed
  return confirmed?.loanId === loanId ? confirmed : undefined
}

/** The sender of the path of this process that asked Medusa for refund `medusaRefundId` on `cartId`, if one did. */
export async function handedRefundSender(cartId: string, medusaRefundId: string): Promise<RefundSender | undefined> {
  const handed = newestFirst((await handOvers()).get(cartId)).flatMap((handOver) => (handOver.refunds ? [handOver.refunds] : []))
  if (!handed.length) return undefined
  const payments = (await medusaContainer()).resolve(Modules.PAYMENT)
  // The record's own column: RefundDTO types only the `payment` relation, which would cost a join.
  const [refund] = (await payments.listRefunds(
    { id: medusaRefundId },
    { select: ["id", "payment_id", "note", "created_by"] as never[] },
  )) as unknown as AskedRefund[]
  return refund ? handed.find((refunds) => refunds.asked(refund))?.send : undefined
}

const newestFirst = (held: HandOver[] | undefined): HandOver[] => [...(held ?? [])].reverse()

/** The note Medusa's rollback of a completion gives its refund (core-flows' compensatePaymentIfNeededStep). */
export const MEDUSA_ROLLBACK_NOTE = "Refunded due to cart completion failure"

/**
 * A completion the plugin runs or holds the lock around: with `autoCapture`, Medusa's rollback of
 * a completion that failed after the capture refunds the payment through the provider, booked
 * under the lock held (refund-book.ts, ROLLBACK_REFUND).
 */
export const rollbackRefunds = (container: MedusaContainer): HandedRefunds => ({
  send: bookingSender(container, ROLLBACK_REFUND),
  asked: (refund) => refund.note === MEDUSA_ROLLBACK_NOTE,
})
