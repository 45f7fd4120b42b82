import { z } from "zod"
import { CommChannel, CustomerPhone } from "../../../../lib/service/wire"

/**
 * The admin's sale by phone of an order's open payment collection (docs/admin.md, "Sales by
 * phone"): the customer's phone, how the link reaches it, and at which branch.
 */
export const SendByPhoneBody = z.strictObject({
  phone: z.preprocess(digitsOnly, CustomerPhone),
  channel: CommChannel,
  /** A branch id of `inStoreBranches`; the first (or the one branch) when absent. */
  shop_id: z.string().optional(),
})
export type SendByPhoneBody = z.infer<typeof SendByPhoneBody>

/** *Send again*: the link of the unpaid loan, to the same phone or another, by WhatsApp or SMS (a QR is shown, not sent). */
export const ResendBody = z.strictObject({
  phone: z.preprocess(digitsOnly, CustomerPhone).optional(),
  channel: z.enum(["w", "s"], { error: "must be w (WhatsApp) or s (SMS): a QR code is shown, not sent" }),
})
export type ResendBody = z.infer<typeof ResendBody>

/** A phone as people write it, "55 1234-5678": only its digits count. */
function digitsOnly(value: unknown): unknown {
  return typeof value === "string" ? value.replace(/[\s()+.-]/g, "") : value
}

/** "55 1234 5678": how the admin reads a ten-digit phone back. */
export const displayPhone = (phone: string): string => `${phone.slice(0, 2)} ${phone.slice(2, 6)} ${phone.slice(6)}`

/**
 * What the sale-by-phone routes answer:
 *
 * ```
 * {
 *   payment_collection_id: string | null, // the order's collection that asks for money, if any
 *   amount: string | null,                 // what it asks (a converted draft order without a collection: its total)
 *   currency_code: string | null,
 *   phone_suggestion: string | null,       // from the order: shipping, billing or customer phone
 *   channels: ("w" | "s" | "q")[],         // offered (inStoreChannels)
 *   branches: { name: string, shop_id: string }[],
 *   sale: null | {
 *     loan_id: number, service_cart_id: string, status: LoanStatus | null (null: the service does not list it),
 *     phone: string, phone_display: string, channel: "w" | "s" | "q", shop_id: string,
 *     qr: string | null, url: string | null, authorized: boolean,
 *     status_error: string | null,           // the status query failed just now: why (status is then null)
 *   }
 * }
 * ```
 */
export interface InStoreSaleJson {
  loan_id: number
  service_cart_id: string
  status: string | null
  phone: string
  phone_display: string
  channel: z.infer<typeof CommChannel>
  shop_id: string
  qr: string | null
  url: string | null
  authorized: boolean
  /** Why the status query could not be asked just now (the status is then null). */
  status_error: string | null
}

export interface InStoreJson {
  payment_collection_id: string | null
  amount: string | null
  currency_code: string | null
  phone_suggestion: string | null
  channels: Array<z.infer<typeof CommChannel>>
  branches: Array<{ name: string; shop_id: string }>
  sale: InStoreSaleJson | null
}
