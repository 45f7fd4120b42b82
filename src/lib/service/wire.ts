import { z } from "zod"

/**
 * The financing service's wire formats, in the service's own words.
 *
 * Source: docs/service-api.md, which also records what was decided where the
 * service's specification is silent (loan creation, cancellation, refunds). Both the
 * provider's client and the bundled sandbox validate against these schemas, so
 * the sandbox cannot drift from what the client expects.
 */

/** `"1234.5"`, `"1234.50"`: pesos with at most two fractional digits (docs/service-api.md). */
export const DECIMAL_PATTERN = /^\d+(\.\d{1,2})?$/
export const Decimal = z.string().regex(DECIMAL_PATTERN, "must be a decimal string such as 1234.50")

/**
 * Printable ASCII only (Medusa's ids are `cart_` + ULID): a NUL breaks the
 * PostgreSQL wire protocol, and CR/LF would forge lines in the merchant's log.
 */
export const CartId = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[\x20-\x7e]+$/, "must be printable ASCII")

export const LoanStatus = z.enum(["OUTSTANDING", "HISTORICAL", "REQUEST", "CANCELLED"])
export type LoanStatus = z.infer<typeof LoanStatus>

export const DiscountType = z.enum(["a", "p", ""])

// ---------------------------------------------------------------- auth (docs/service-api.md, "Authentication")

export const AuthRequest = z.object({
  apiToken: z.string(),
  merchantId: z.number().int(),
})
export type AuthRequest = z.infer<typeof AuthRequest>

export const AuthResponse = z.object({
  Authorization: z.string().regex(/^Bearer \S+$/, "must be 'Bearer <token>'"),
})
export type AuthResponse = z.infer<typeof AuthResponse>

/** The body of a 404/400 from `/auth`, and of the pos endpoints' errors (docs/service-api.md, "Errors"). */
export const ServiceErrorBody = z.object({
  timestamp: z.string(),
  status: z.number().int(),
  error: z.string(),
  message: z.string().optional(),
  path: z.string(),
})
export type ServiceErrorBody = z.infer<typeof ServiceErrorBody>

// ---------------------------------------------------------------- loan creation (docs/service-api.md, "Loan creation")

const Priced = z.object({ price: z.number().nonnegative(), title: z.string() })

export const LoanProduct = z.object({
  id: z.string(),
  count: z.number().int().positive(),
  description: z.string().optional(),
  imageUrl: z.string().optional(),
  price: z.number().nonnegative(),
  title: z.string(),
})
export type LoanProduct = z.infer<typeof LoanProduct>

export const Buyer = z.object({
  addressLine: z.string().optional(),
  email: z.string().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  phone: z.string().optional(),
  postalCode: z.string().optional(),
})
export type Buyer = z.infer<typeof Buyer>

export const LoanRequest = z.object({
  totalPrice: z.number().positive(),
  shopId: z.string().min(1),
  // Bounded like the webhook's cartId, so every loan's webhook passes the receiver's schema.
  cartId: CartId,
  successUrl: z.url(),
  errorUrl: z.url(),
  cartUrl: z.url(),
  webHookUrl: z.url(),
  buyer: Buyer.optional(),
  products: z.array(LoanProduct).optional(),
  discount: Priced.optional(),
  shipping: Priced.optional(),
  taxes: Priced.optional(),
})
export type LoanRequest = z.infer<typeof LoanRequest>

export const LoanCreated = z.object({
  url: z.url(),
  loanId: z.number().int(),
})
export type LoanCreated = z.infer<typeof LoanCreated>

// ---------------------------------------------------------------- in-store API (docs/service-api.md, "The in-store API")

/** The customer's login at the service: their phone, ten digits. */
export const CustomerPhone = z.string().regex(/^[0-9]{10}$/, "must be ten digits")

/** `w` WhatsApp, `s` SMS: the service sends the checkout link to the phone; `q`: it answers a QR code to show. */
export const CommChannel = z.enum(["w", "s", "q"])
export type CommChannel = z.infer<typeof CommChannel>

/** A branch of the merchant (`shopId` of the in-store API): digits, as `POST /merchant/create-branch` numbers them. */
export const BranchId = z.string().regex(/^\d+$/, "must be digits: a branch id of the in-store API")

export const PosLoanRequest = z.strictObject({
  custLogin: CustomerPhone,
  shopId: BranchId,
  cartId: CartId,
  /** Lower-case h, unlike the online API's `webHookUrl`. */
  webhookUrl: z.url(),
  /** What the customer finances, discounts included: a number, as the API reference gives it (like the online `totalPrice`). */
  totalAmount: z.number().positive(),
  commChannel: CommChannel,
})
export type PosLoanRequest = z.infer<typeof PosLoanRequest>

/**
 * The documentation shows no more of this answer than "payment created": every field is read
 * if present and relied on by nothing. The loan is identified by its `cartId` through the status
 * query; a `qr` (in no documented format: lib/service/checkout-qr.ts keeps it only when a browser
 * can show it) or `url` is only shown to the admin.
 */
export const PosLoanCreated = z
  .looseObject({
    message: z.string().optional().catch(undefined),
    loanId: z.number().int().optional().catch(undefined),
    url: z.url().optional().catch(undefined),
    qr: z.string().optional().catch(undefined),
  })
  .catch({})
export type PosLoanCreated = z.infer<typeof PosLoanCreated>

/** The channels a checkout link can be sent again by; a QR is shown, not sent. */
export const SendChannel = z.enum(["WHATSAPP", "SMS"])
export type SendChannel = z.infer<typeof SendChannel>

export const SendCheckoutRequest = z.strictObject({
  target: z.strictObject({ phoneNumber: CustomerPhone }),
  channels: z.array(SendChannel).min(1),
})
export type SendCheckoutRequest = z.infer<typeof SendCheckoutRequest>

// ---------------------------------------------------------------- status query (docs/service-api.md, "Status")

export const StatusProduct = z.object({
  id: z.string(),
  externalId: z.string(),
  quantity: z.string().regex(/^\d+$/),
  unitPrice: Decimal,
  discount: Decimal.nullable().optional(),
  discountType: z.enum(["a", "p"]).nullable().optional(),
  discountPrice: Decimal.nullable().optional(),
  title: z.string(),
  description: z.string().optional(),
})

/** All six keys are always present; every one may be null until the loan is paid (docs/service-api.md, "Status"). */
export const Customer = z.object({
  username: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  motherLastName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
})
export type Customer = z.infer<typeof Customer>

export const LoanRecord = z.object({
  loanId: z.number().int(),
  status: LoanStatus,
  zipCode: z.string().optional(),
  installments: z.number().int().min(1),
  totalAmount: Decimal,
  orderDiscount: Decimal,
  discountType: DiscountType,
  authorizeDate: z.string(),
  products: z.array(StatusProduct),
  customer: Customer,
})
export type LoanRecord = z.infer<typeof LoanRecord>

export const LoanRecords = z.array(LoanRecord)

// ---------------------------------------------------------------- cancel and refund (docs/service-api.md, "Cancel", "Refund", "Refund history")

export const CancelRequest = z.object({
  cartId: z.string().min(1),
  totalAmount: Decimal,
  reason: z.string(),
})
export type CancelRequest = z.infer<typeof CancelRequest>

export const CancelResponse = z.object({
  cartId: z.string(),
  status: z.literal("CANCELLED"),
  requestDate: z.string(),
  updateDate: z.string(),
})

export const RefundRequest = CancelRequest
export type RefundRequest = z.infer<typeof RefundRequest>

export const RefundResponse = z.object({
  refundId: z.union([z.number(), z.string()]),
  merchantId: z.number().int(),
  cartId: z.string(),
  refundStatus: z.enum(["REQUESTED", "REFUNDED", "REJECTED"]),
  refundDate: z.string(),
})
export type RefundResponse = z.infer<typeof RefundResponse>

/** An entry of the refund history: all it holds, per the documentation (no amount, no refund id, no loan). */
export const RefundRecord = z.object({
  cartId: z.string(),
  status: z.enum(["REQUESTED", "REFUNDED"]),
  refundDate: z.string(),
})
export type RefundRecord = z.infer<typeof RefundRecord>

export const RefundRecords = z.array(RefundRecord)

// ---------------------------------------------------------------- webhook (docs/service-api.md, "Webhook")

export const WebhookNotification = z.object({
  status: z.literal("Activo"),
  loanId: z.number().int(),
  cartId: CartId,
  merchantId: z.number().int(),
})
export type WebhookNotification = z.infer<typeof WebhookNotification>

/** Claims of the HS512 JWT some senders put in the webhook's Authorization header. */
export const WebhookClaims = z.object({
  loanId: z.number().int(),
  cartId: z.string(),
  status: z.string(),
  exp: z.number(),
})
export type WebhookClaims = z.infer<typeof WebhookClaims>
