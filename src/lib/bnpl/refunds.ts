import { setTimeout as sleep } from "node:timers/promises"
import { BnplServiceError, type BnplClient } from "./client"
import { toCents, toDecimal } from "./money"
import type { RefundResponse } from "./wire"

/**
 * One refund request at the service, never sent twice on a guess.
 *
 * The service promises nothing about idempotency keys, and a refund whose reply is lost
 * (time-out, reset, 5xx) may or may not have been applied. Its refund history holds no
 * amount and no refund id, and nothing says how soon a refund appears there
 * (docs/service-api.md, "Refunds"). So after an ambiguous failure the history is read again,
 * with back-off, and its entries counted. An entry proves this refund applied only when nothing
 * else explains it: more entries than there were before the request, and more than the caller's
 * book accounts for otherwise (`explained`: refunds accepted but perhaps not shown yet, other
 * unclear ones). Anything less proves nothing (this refund may appear later, or another one just
 * did), so the request is not sent again: the caller gets a RefundUnknownError and the loan goes
 * to the admin.
 */

export class RefundRejectedError extends Error {
  constructor(
    readonly cartId: string,
    readonly totalAmount: string,
    readonly reply?: RefundResponse,
  ) {
    super(`the service rejected the refund of ${totalAmount} on cart ${cartId}; it may exceed what remains refundable`)
    this.name = "RefundRejectedError"
  }
}

/** A refund whose reply was lost and that the history does not show applied: it may still have been. */
export class RefundUnknownError extends Error {
  constructor(
    readonly cartId: string,
    readonly totalAmount: string,
    readonly cause: unknown,
  ) {
    super(
      `the service gave no clear answer to the refund of ${totalAmount} on cart ${cartId} (${(cause as Error).message}), ` +
        "and its refund history does not show it yet: it may or may not have been applied",
    )
    this.name = "RefundUnknownError"
  }
}

export type RefundDone =
  | { outcome: "accepted"; reply: RefundResponse }
  /** The reply was lost; a history entry nothing else explains showed it applied. */
  | { outcome: "recovered"; refundDate: string }

/** Waits between the history's re-reads after an ambiguous failure. */
export const RECHECK_DELAYS_MS = [250, 1000, 2500]

export async function refundOnce(
  client: BnplClient,
  request: { cartId: string; totalAmount: string; reason: string },
  idempotencyKey: string,
  { explained = 0, recheckDelaysMs = RECHECK_DELAYS_MS }: { explained?: number; recheckDelaysMs?: readonly number[] } = {},
): Promise<RefundDone> {
  const before = Math.max((await client.getRefunds(request.cartId)).length, explained)
  try {
    const reply = await client.refund(request, idempotencyKey)
    if (reply.refundStatus === "REJECTED") throw new RefundRejectedError(request.cartId, request.totalAmount, reply)
    return { outcome: "accepted", reply }
  } catch (error) {
    if (!isAmbiguous(error)) throw error
    for (const delay of recheckDelaysMs) {
      await sleep(delay)
      const history = await client.getRefunds(request.cartId).catch(() => undefined)
      if (history && history.length > before) return { outcome: "recovered", refundDate: newest(history) }
    }
    throw new RefundUnknownError(request.cartId, request.totalAmount, error)
  }
}

/** A failure after which the service may or may not have applied the request. */
export function isAmbiguous(error: unknown): boolean {
  if (!(error instanceof BnplServiceError)) return false
  return error.kind === "timeout" || error.kind === "network" || error.kind === "malformed" || (error.kind === "http" && !error.isRefusal)
}

const newest = (history: Array<{ refundDate: string }>): string =>
  history.map((entry) => entry.refundDate).sort((a, b) => Date.parse(b) - Date.parse(a))[0]

export function centsToDecimal(cents: bigint): string {
  const negative = cents < 0n
  const abs = negative ? -cents : cents
  return `${negative ? "-" : ""}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`
}

export const isZero = (decimal: string) => toCents(decimal) === 0n

export { toDecimal }
