import { z } from "zod"
import { Decimal, LoanStatus } from "./wire"
import { CartSnapshot } from "./cart-snapshot"

export const PROVIDER_ID = "pp_bnpl_bnpl"

/** What the storefront-facing session data holds once a loan exists. Only the provider writes it. */
export const SessionData = z.object({
  cart_id: z.string(),
  loan_id: z.number().int(),
  checkout_url: z.string(),
  amount: Decimal,
  currency_code: z.string(),
  loan_status: LoanStatus.optional(),
  captured: z.boolean().optional(),
})
export type SessionData = z.infer<typeof SessionData>

/** What `initiatePayment` receives: the server-built snapshot, plus Medusa's session id. */
export const InitiateData = z.object({ cart: CartSnapshot })

export const readSessionData = (data: unknown): SessionData | undefined => {
  const parsed = SessionData.safeParse(data)
  return parsed.success ? parsed.data : undefined
}
