import { PaymentSessionStatus } from "@medusajs/framework/utils"
import { z } from "zod"
import { BranchId, CartId, CommChannel, CustomerPhone, Decimal, LoanStatus } from "../service/wire"
import { LoanHolderData } from "../../modules/bnpl/holder"
import { CartSnapshot } from "./cart-snapshot"

/**
 * Medusa names a provider `pp_{identifier}_{id}`: the identifier is the plugin's (`bnpl`), the id
 * the merchant's choice in medusa-config.ts. Every payment and session of the plugin's carries it.
 */
export const PROVIDER_PREFIX = "pp_bnpl_"

export const isBnplProvider = (providerId: string | null | undefined): boolean => !!providerId?.startsWith(PROVIDER_PREFIX)

export const providerIdOf = (id: string): string => `${PROVIDER_PREFIX}${id}`

/**
 * Session data written before the field was named `service_cart_id` carries the same `cartId` as
 * `cart_id`: Medusa keeps it in `payment_session.data` and `payment.data` for as long as the
 * payment lives, so a loan made by an older version is read the same way.
 */
const withServiceCartId = (data: unknown): unknown => {
  if (typeof data !== "object" || data === null || "service_cart_id" in data || !("cart_id" in data)) return data
  const { cart_id, ...rest } = data as Record<string, unknown>
  return { ...rest, service_cart_id: cart_id }
}

/** What the storefront-facing session data holds once a loan exists. Only the provider writes it. */
const SessionDataFields = z.object({
  /** The `cartId` the service knows the loan by. */
  service_cart_id: z.string(),
  loan_id: z.number().int(),
  checkout_url: z.string(),
  amount: Decimal,
  currency_code: z.string(),
  loan_status: LoanStatus.optional(),
  captured: z.boolean().optional(),
  /** The store places the order before the shopper pays (`orderBeforeFinancing`): the storefront completes the cart, then redirects. */
  order_before_financing: z.boolean().optional(),
  /** A sale by phone (the in-store API): where the link went, and the QR to show when one was asked for. */
  in_store: z
    .object({
      phone: CustomerPhone,
      channel: CommChannel,
      shop_id: BranchId,
      qr: z.string().optional(),
    })
    .optional(),
})
export const SessionData = z.preprocess(withServiceCartId, SessionDataFields)
export type SessionData = z.infer<typeof SessionDataFields>

/** What `initiatePayment` receives for a sale by phone: the sale's request (src/workflows/steps/create-sale-session.ts). */
export const InStoreRequest = z.object({
  in_store: z.object({ service_cart_id: CartId, phone: CustomerPhone, channel: CommChannel, shop_id: BranchId }),
})
export type InStoreRequest = z.infer<typeof InStoreRequest>

/** What `initiatePayment` receives: the server-built snapshot and what the loan pays, plus Medusa's session id. */
export const InitiateData = z.object({ cart: CartSnapshot, holder: LoanHolderData.optional() })

export const readSessionData = (data: unknown): SessionData | undefined => {
  const parsed = SessionData.safeParse(data)
  return parsed.success ? parsed.data : undefined
}

type SessionLike = { provider_id: string; status?: string; data?: unknown } | null | undefined

/**
 * The plugin's session of an order placed before its financing (`orderBeforeFinancing`): Medusa
 * placed the order with it `pending_authorization`, and the paid loan authorizes it later.
 */
export const awaitsFinancing = (session: SessionLike): boolean =>
  !!session && isBnplProvider(session.provider_id) && session.status === PaymentSessionStatus.PENDING_AUTHORIZATION

/** The session data of the loan an order placed before its financing waits on, if any. */
export const awaitedSessionData = (sessions: SessionLike[]): SessionData | undefined => {
  const session = sessions.find(awaitsFinancing)
  return session ? readSessionData(session.data) : undefined
}
