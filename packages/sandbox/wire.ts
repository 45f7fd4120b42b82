import { z } from "zod"

/**
 * The financing service's wire as its documentation describes it (docs/service-api.md, and the
 * specification it cites), written for the sandbox alone. The plugin's client has its own
 * schemas; were the sandbox to share them, a misreading of the documentation in the client
 * would be repeated by the sandbox and every test would pass against it. Here the sandbox
 * accepts whatever the documentation allows, refuses what it forbids, and answers in the
 * documented shapes.
 */

// ---------------------------------------------------------------- shared formats

/** Pesos as text, in the service's answers and the pos requests' `totalAmount`: `"1234.5"`, `"1234.50"`, `"1234"` (spec 2.1). */
export const Decimal = z.string().regex(/^\d+(\.\d{1,2})?$/, "must be a decimal string such as 1234.50")
export type Decimal = z.infer<typeof Decimal>

/**
 * Any string the merchant chooses, but not an empty one: the status query reads the cart from
 * its path (spec 4.1), where an empty identifier cannot be written.
 */
export const CartId = z.string().min(1)

/** Spec 2.1 and 3: the only four statuses of a loan; `Activo` exists only in the webhook. */
export const LoanStatus = z.enum(["OUTSTANDING", "HISTORICAL", "REQUEST", "CANCELLED"])
export type LoanStatus = z.infer<typeof LoanStatus>

/** Pesos in a loan request are JSON numbers in major units ("Loan creation"). */
const Pesos = z.number().nonnegative()

/** Where the documentation says ISO 8601 (`authorizeDate`, the error example's `timestamp`); offsets included. */
const DateTime = z.iso.datetime({ offset: true })

/** The cancel's and the refund's dates: the documentation names them and gives no format. */
const UnspecifiedDate = z.string()

// ---------------------------------------------------------------- authentication (spec 2.4, 2.5, 4.2, 7)

export const AuthRequest = z.object({
  apiToken: z.string(),
  merchantId: z.number().int(),
})
export type AuthRequest = z.infer<typeof AuthRequest>

export const AuthResponse = z.object({
  Authorization: z.string().regex(/^Bearer \S+$/, "must be 'Bearer <token>'"),
})
export type AuthResponse = z.infer<typeof AuthResponse>

/** Spec 7: the auth endpoint's two error bodies carry no `message`, unlike every other error. */
export const AuthErrorBody = z.discriminatedUnion("status", [
  z.object({ timestamp: DateTime, status: z.literal(404), error: z.literal("Not Found"), path: z.string() }),
  z.object({ timestamp: DateTime, status: z.literal(400), error: z.literal("Bad request"), path: z.string() }),
])
export type AuthErrorBody = z.infer<typeof AuthErrorBody>

// ---------------------------------------------------------------- errors ("Errors")

/** The documented example always has `message` (empty); the sandbox sends it on every error. */
export const ServiceErrorBody = z.object({
  timestamp: DateTime,
  status: z.number().int(),
  error: z.string(),
  message: z.string(),
  path: z.string(),
})
export type ServiceErrorBody = z.infer<typeof ServiceErrorBody>

// ---------------------------------------------------------------- loan creation ("Loan creation")

/** Shipping, taxes, discount. A discount is reported back as `orderDiscount`, a decimal: never negative. */
const Priced = z.object({ price: Pesos, title: z.string() })

/**
 * The status query reports `count` as a digit string and `price` as a decimal (spec 2.2), so
 * neither can be negative; nothing in the documentation forbids a zero.
 */
export const LoanProduct = z.object({
  id: z.string(),
  count: z.number().int().nonnegative(),
  price: Pesos,
  title: z.string(),
  description: z.string().optional(),
  imageUrl: z.string().optional(),
})
export type LoanProduct = z.infer<typeof LoanProduct>

/** Every field is a string; the documentation makes none of them required. */
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
  shopId: z.string(),
  cartId: CartId,
  successUrl: z.url(),
  errorUrl: z.url(),
  cartUrl: z.url(),
  webHookUrl: z.url(),
  buyer: Buyer.optional(),
  products: z.array(LoanProduct).optional(),
  shipping: Priced.optional(),
  taxes: Priced.optional(),
  discount: Priced.optional(),
})
export type LoanRequest = z.infer<typeof LoanRequest>

export const LoanCreated = z.object({
  url: z.url(),
  loanId: z.number().int(),
})
export type LoanCreated = z.infer<typeof LoanCreated>

// ---------------------------------------------------------------- status query (spec 2.1 to 2.3, 4.1)

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
export type StatusProduct = z.infer<typeof StatusProduct>

/** Spec 2.3's formats; an unpaid loan's fields are "null or empty", hence the empty string. */
export const CustomerEmail = z.email()
export const CustomerPhone = z.string().regex(/^[0-9]{10}$/, "must be ten digits")

/** Spec 2.3: all six keys always present, every one nullable. */
export const Customer = z.object({
  username: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  motherLastName: z.string().nullable(),
  email: z.union([CustomerEmail, z.literal("")]).nullable(),
  phone: z.union([CustomerPhone, z.literal("")]).nullable(),
})
export type Customer = z.infer<typeof Customer>

export const LoanRecord = z.object({
  loanId: z.number().int(),
  status: LoanStatus,
  zipCode: z.string().optional(),
  installments: z.number().int().min(1),
  totalAmount: Decimal,
  orderDiscount: Decimal,
  discountType: z.enum(["a", "p", ""]),
  authorizeDate: DateTime,
  products: z.array(StatusProduct),
  customer: Customer,
})
export type LoanRecord = z.infer<typeof LoanRecord>

export const LoanRecords = z.array(LoanRecord)

// ---------------------------------------------------------------- cancel and refund ("Cancel", "Refund")

/** The same body for both: `totalAmount` is informational for a cancel, the amount for a refund. */
const PosWrite = z.object({
  cartId: CartId,
  totalAmount: Decimal,
  reason: z.string(),
})

export const CancelRequest = PosWrite
export type CancelRequest = z.infer<typeof CancelRequest>

export const CancelResponse = z.object({
  cartId: z.string(),
  status: z.literal("CANCELLED"),
  requestDate: UnspecifiedDate,
  updateDate: UnspecifiedDate,
})
export type CancelResponse = z.infer<typeof CancelResponse>

export const RefundRequest = PosWrite
export type RefundRequest = z.infer<typeof RefundRequest>

export const RefundStatus = z.enum(["REQUESTED", "REFUNDED", "REJECTED"])
export type RefundStatus = z.infer<typeof RefundStatus>

/** `refundId` "may be a number or a string"; the sandbox's are numbers. */
export const RefundResponse = z.object({
  refundId: z.union([z.number().int(), z.string()]),
  merchantId: z.number().int(),
  cartId: z.string(),
  refundStatus: RefundStatus,
  refundDate: UnspecifiedDate,
})
export type RefundResponse = z.infer<typeof RefundResponse>

// ---------------------------------------------------------------- refund history ("Refund history")

/** All an entry holds: no amount, no refund id, no loan. A REJECTED refund never appears. */
export const RefundRecord = z.object({
  cartId: z.string(),
  status: RefundStatus.exclude(["REJECTED"]),
  refundDate: UnspecifiedDate,
})
export type RefundRecord = z.infer<typeof RefundRecord>

export const RefundRecords = z.array(RefundRecord)

/** The `refundHistoryDetails` extension's entry: more than the documentation promises. */
export const DetailedRefundRecord = RefundRecord.extend({
  totalAmount: Decimal,
  refundId: z.number().int(),
})
export type DetailedRefundRecord = z.infer<typeof DetailedRefundRecord>

// ---------------------------------------------------------------- the in-store API ("The in-store API")

/**
 * The in-store API speaks as the status record does (spec 2.1, 2.2): its request names the
 * record's own product fields, and the pos API's other requests write amounts as decimal
 * strings. The sandbox reads this request's amounts as decimal strings too, and refuses the
 * JSON numbers of the online API.
 */

/** `w` WhatsApp, `s` SMS: the service sends the checkout link to the phone; `q`: it answers a QR code to show. */
export const CommChannel = z.enum(["w", "s", "q"], {
  error: (issue) => `${issue.input === undefined ? "required: " : "must be "}w (WhatsApp), s (SMS) or q (QR code)`,
})
export type CommChannel = z.infer<typeof CommChannel>

/** A branch of the merchant, as `POST /merchant/create-branch` numbers them. */
export const ShopId = z.string().regex(/^\d+$/, "must be digits: a branch id from POST /merchant/create-branch")

/** A JSON number of pesos that holds no fraction of a centavo. */
const inCentavos = (pesos: number): boolean => Math.abs(Math.round(pesos * 100) - pesos * 100) < 1e-6

export const PosLoanRequest = z.object({
  /** The customer's login at the service: their phone, ten digits. */
  custLogin: CustomerPhone,
  shopId: ShopId,
  cartId: CartId,
  /** Lower-case h, unlike the online API's `webHookUrl`. */
  webhookUrl: z.url(),
  /** What the customer finances, discounts included: a number (float) in the API reference, in centavos at most. */
  totalAmount: z.number().positive().refine(inCentavos, "must be an amount in centavos at most, such as 1100.5"),
  orderDiscount: Decimal.optional(),
  discountType: z.enum(["a", "p"]).optional(),
  commChannel: CommChannel,
  products: z.array(StatusProduct).optional(),
  taxes: z.object({ price: Decimal, title: z.string() }).optional(),
})
export type PosLoanRequest = z.infer<typeof PosLoanRequest>

/**
 * The documentation shows no more of this answer than "payment created": this shape is the
 * sandbox's, and a client must read it defensively and find the loan by its `cartId` through
 * the status query. `qr` comes with `commChannel: "q"`, in the shape `answers.posQr` chooses.
 */
export const PosLoanCreated = z.object({
  message: z.literal("payment created"),
  cartId: z.string(),
  loanId: z.number().int(),
  url: z.url(),
  qr: z.string().optional(),
})
export type PosLoanCreated = z.infer<typeof PosLoanCreated>

/** The channels a checkout link can be sent again by; a QR is shown, not sent. */
export const SendChannel = z.enum(["WHATSAPP", "SMS"], { error: "must be WHATSAPP or SMS: a QR code is shown, not sent" })
export type SendChannel = z.infer<typeof SendChannel>

export const SendCheckoutRequest = z.object({
  target: z.object({ phoneNumber: CustomerPhone }),
  channels: z.array(SendChannel).min(1, "name at least one channel: WHATSAPP or SMS"),
})
export type SendCheckoutRequest = z.infer<typeof SendCheckoutRequest>

export const CreateBranchRequest = z.object({
  branches: z.array(z.string().trim().min(1, "a branch needs a name")).min(1, "name at least one branch"),
})
export type CreateBranchRequest = z.infer<typeof CreateBranchRequest>

/** "→ branch ids": the sandbox answers each new id with the name it was given, in the order asked. */
export const BranchesCreated = z.object({
  branches: z.array(z.object({ branchId: ShopId, name: z.string() })),
})
export type BranchesCreated = z.infer<typeof BranchesCreated>

// ---------------------------------------------------------------- webhook (spec 2.6, 4.3, 6; "Webhook")

export const WebhookNotification = z.object({
  status: z.literal("Activo"),
  loanId: z.number().int(),
  cartId: z.string(),
  merchantId: z.number().int(),
})
export type WebhookNotification = z.infer<typeof WebhookNotification>

/** The JWT one official plugin receives: claims that repeat the notification, and an expiry. */
export const WebhookClaims = WebhookNotification.pick({ loanId: true, status: true, cartId: true }).extend({
  exp: z.number().int(),
})
export type WebhookClaims = z.infer<typeof WebhookClaims>
