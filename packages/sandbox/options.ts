import { z } from "zod"
import { FaultConfig } from "./faults/config"
import { Merchant } from "./state"
import { WebhookConfig } from "./webhook/config"

export type SandboxLog = (line: string) => void

export const DEFAULT_MERCHANTS: Merchant[] = [
  { merchantId: 1001, apiToken: "sandbox-api-token", name: "Tienda Demo", approved: true },
  { merchantId: 1002, apiToken: "unapproved-token", name: "Pending Merchant", approved: false },
]

/**
 * Answers beyond what the service's documentation promises (docs/service-api.md,
 * "What the service does not promise"). Off by default; the plugin is correct without any.
 */
export const SandboxExtensions = z.strictObject({
  /** The refund history's entries also carry `totalAmount` and `refundId`. */
  refundHistoryDetails: z.boolean().default(false),
  /** The checkout page sends the customer back only once the first webhook attempt is over; by default at once. */
  checkoutWaitsForWebhook: z.boolean().default(false),
  /** `authorizeDate` becomes the payment time once the loan is paid; by default it is always the creation time, as the specification says. */
  authorizeDateIsPaymentTime: z.boolean().default(false),
  /** Error bodies say what to fix in `message`; by default it is empty, as in the documented example. */
  errorMessages: z.boolean().default(false),
  /** Amounts in the status query always with two decimals ("100.50"); by default the shortest form ("100.5", "100"). */
  twoDecimalAmounts: z.boolean().default(false),
})
export type SandboxExtensions = z.output<typeof SandboxExtensions>

/**
 * Shapes the documentation leaves open, each answered when asked (docs/service-api.md, "What the
 * service does not promise"): the defaults are the documented examples, and the plugin must read
 * every one of these as well.
 */
export const SandboxAnswers = z.strictObject({
  /** A refund's `refundId`: a number as in the example, or a string. */
  refundId: z.enum(["number", "string"]).default("number"),
  /** An accepted refund's `refundStatus`: `REQUESTED` as documented, or `REFUNDED` (settled at once). */
  acceptedRefundStatus: z.enum(["REQUESTED", "REFUNDED"]).default("REQUESTED"),
  /** The refund history's `refundDate`: a date-time, or a date without a time. */
  historyDate: z.enum(["date-time", "date"]).default("date-time"),
  /** Every JSON answer of the service also carries fields the documentation does not name. */
  extraFields: z.boolean().default(false),
  /** The payment's webhook goes out before the status query shows the payment (it lags the webhook by `visibleAfterMs`). */
  webhookBeforeStatus: z.boolean().default(false),
  /**
   * The QR of an in-store `q` sale, whose format the documentation does not show: an SVG `data:` URL, a PNG as bare
   * base64, the checkout link as text (for the client to draw), or no `qr` at all.
   */
  posQr: z.enum(["svg-data-url", "png-base64", "link-text", "none"]).default("svg-data-url"),
})
export type SandboxAnswers = z.output<typeof SandboxAnswers>

export const SandboxOptions = z.strictObject({
  port: z.number().int().min(0).max(65535).default(0),
  merchants: z
    .array(Merchant)
    .min(1)
    .refine((merchants) => new Set(merchants.map((m) => m.merchantId)).size === merchants.length, {
      message: "merchantId values must be unique",
    })
    .default(() => DEFAULT_MERCHANTS.map((merchant) => ({ ...merchant }))),
  installments: z.number().int().min(1).default(4),
  jwtSecret: z.string().min(1).optional(),
  webhook: WebhookConfig.default(() => WebhookConfig.parse({})),
  faults: FaultConfig.default(() => ({})),
  seed: z.number().int().optional(),
  persistFile: z.string().min(1).optional(),
  refundSettleMs: z.number().int().nonnegative().default(1000),
  /**
   * How long after a payment or a refund the status query and the refund history show it: the
   * documentation does not promise at once. The payment's webhook goes out once it shows.
   */
  visibleAfterMs: z.number().int().nonnegative().default(250),
  /**
   * Which unpaid loans of a cart a cancel touches: the documentation does not say, so the
   * sandbox plays either reading, every one (`all`) or only the newest (`latest`).
   */
  cancelTouches: z.enum(["all", "latest"]).default("all"),
  extensions: SandboxExtensions.default(() => SandboxExtensions.parse({})),
  answers: SandboxAnswers.default(() => SandboxAnswers.parse({})),
  log: z.custom<SandboxLog>((value) => typeof value === "function", "log must be a function").optional(),
  publicUrl: z.url().optional(),
})
export type SandboxOptions = z.input<typeof SandboxOptions>
export type ResolvedSandboxOptions = z.output<typeof SandboxOptions>
