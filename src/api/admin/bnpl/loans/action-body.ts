import { z } from "zod"
import { Decimal } from "../../../../lib/service/wire"

/**
 * The bodies of the loans page's actions, validated before each route runs (src/api/middlewares.ts).
 *
 * *Retry completion* and *Refund in full* take no options: the ledger id in the path says
 * everything. A body with fields is refused (400) rather than silently ignored, so a caller who
 * believes it can pass an amount learns that it cannot.
 */
export const ActionBody = z.strictObject({})

/** `POST /admin/bnpl/loans/:id/clear-suspect`: why the suspected second order is not the loan's. */
export const ClearSuspectBody = z.strictObject({ reason: z.string().trim().min(3).max(500) })
export type ClearSuspectBody = z.infer<typeof ClearSuspectBody>

/** `POST /admin/bnpl/loans/:id/refunds/:entry_id`: record an unclear refund (with its amount, when the book lacks it), or dismiss it. */
export const SettleRefundBody = z.discriminatedUnion("action", [
  z.strictObject({ action: z.literal("record"), amount: Decimal.optional() }),
  z.strictObject({ action: z.literal("dismiss"), reason: z.string().trim().min(3).max(500) }),
])
export type SettleRefundBody = z.infer<typeof SettleRefundBody>
