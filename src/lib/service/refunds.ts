import { BnplServiceError, type BnplClient } from "./client"
import { centsToDecimal, toCents, toDecimal } from "./money"
import type { RefundResponse } from "./wire"

/**
 * One refund request at the service, never sent twice on a guess.
 *
 * The service promises nothing about idempotency keys, and a refund whose reply is lost
 * (time-out, reset, 5xx, a garbled answer) may or may not have been applied. Nothing the
 * service shows afterwards can tell: its refund history holds no amount and no refund id, a
 * refund appears there some time after it is made (docs/service-api.md, "Refunds"), and a
 * refund made in the service's portal meanwhile is an entry like any other. So a lost reply is
 * never proven either way: the caller gets a RefundUnknownError, the request is not sent again,
 * and the loan goes to the admin, who checks the portal and records or dismisses it.
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

/** A refund whose reply was lost: it may or may not have been applied. */
export class RefundUnknownError extends Error {
  constructor(
    readonly cartId: string,
    readonly totalAmount: string,
    readonly cause: unknown,
  ) {
    super(
      `the service gave no clear answer to the refund of ${totalAmount} on cart ${cartId} (${(cause as Error).message}): ` +
        "it may or may not have been applied",
    )
    this.name = "RefundUnknownError"
  }
}

export async function refundOnce(
  client: BnplClient,
  request: { cartId: string; totalAmount: string; reason: string },
  idempotencyKey: string,
): Promise<RefundResponse> {
  try {
    const reply = await client.refund(request, idempotencyKey)
    if (reply.refundStatus === "REJECTED") throw new RefundRejectedError(request.cartId, request.totalAmount, reply)
    return reply
  } catch (error) {
    if (isAmbiguous(error)) throw new RefundUnknownError(request.cartId, request.totalAmount, error)
    throw error
  }
}

/** A failure after which the service may or may not have applied the request. */
export function isAmbiguous(error: unknown): boolean {
  if (!(error instanceof BnplServiceError)) return false
  return error.kind === "timeout" || error.kind === "network" || error.kind === "malformed" || (error.kind === "http" && !error.isRefusal)
}

export const isZero = (decimal: string) => toCents(decimal) === 0n

export { centsToDecimal, toDecimal }
