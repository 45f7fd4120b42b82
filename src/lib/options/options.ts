import { z } from "zod"
import { WebhookAuthMode } from "../service/webhook-auth-mode"

/**
 * The provider's options: one zod schema, one table of environment variables.
 *
 * Every option can be given in `medusa-config.ts` or through its environment
 * variable; an explicit option wins. The webhook route and the reconciliation
 * job read the same options (see `resolve-options.ts`), so a store configures
 * the plugin in exactly one place.
 */

const csv = (value: unknown) =>
  typeof value === "string"
    ? value
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
    : value

const bool = (value: unknown) => (typeof value === "string" ? ["1", "true", "yes", "on"].includes(value.trim().toLowerCase()) : value)

const trimSlash = (url: string) => url.replace(/\/+$/, "")
const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).transform(trimSlash)

export { WebhookAuthMode }

const OptionsShape = z.object({
  /** The service's authentication host, ending in `/api`: `POST /auth` and `POST /loan` live there. Differs between development and production. */
  authUrl: httpUrl,
  /** The host of the in-store ("pos") endpoints: status query, cancel, refund, refund history. */
  baseUrl: httpUrl,
  /** The service's merchant host, where a checkout link of the in-store API is sent again (`/merchant/send-checkout`). */
  merchantUrl: httpUrl.optional(),
  /** The branch (`shopId`, digits) the admin's sales by phone are made at through the in-store API; defaults to shopId when that is digits. */
  inStoreShopId: z.string().regex(/^\d+$/, "must be digits: a branch id from the service's POST /merchant/create-branch").optional(),
  /** Named branches for sales by phone, `Centro=1,Norte=2`: the admin picks one; the first is the default. */
  inStoreBranches: z.preprocess(
    csv,
    z
      .array(z.string().regex(/^[^=]+=\s*\d+$/, "must be name=branchId, e.g. Centro=1"))
      .default([])
      .transform((pairs) => pairs.map((pair) => ({ name: pair.split("=")[0].trim(), shopId: pair.split("=")[1].trim() }))),
  ),
  /** The channels sales by phone offer, comma-separated: `w` WhatsApp, `s` SMS, `q` QR code. */
  inStoreChannels: z
    .preprocess(csv, z.array(z.enum(["w", "s", "q"], { error: "must be w, s or q" })).min(1, "name at least one channel"))
    .default(["w", "s", "q"]),
  /** The merchant's API token (a secret: never logged). */
  apiToken: z.string({ error: "is required" }).min(1, "is required"),
  /** The merchant id the service assigned. */
  merchantId: z.coerce.number({ error: "must be an integer" }).int("must be an integer").positive("must be positive"),
  /** The shop identifier sent with every loan request. */
  shopId: z.string({ error: "is required" }).min(1, "is required"),
  /** The storefront's base URL; the three return URLs default to paths under it. */
  storefrontUrl: httpUrl.optional(),
  /** Where the service sends the customer after paying (default `{storefrontUrl}/checkout/bnpl/success`). */
  successUrl: httpUrl.optional(),
  /** Where the service sends the customer after a failure (default `{storefrontUrl}/checkout/bnpl/error`). */
  errorUrl: httpUrl.optional(),
  /** Where the service's "back to the cart" link goes (default `{storefrontUrl}/cart`). */
  cartUrl: httpUrl.optional(),
  /** The storefront's page for Medusa's payment link, before the collection's id (default `{storefrontUrl}/payment-collection`): an order's balance returns there. */
  paymentLinkUrl: httpUrl.optional(),
  /** This Medusa server's public URL: the webhook URL given to the service is `{backendUrl}/hooks/bnpl`. */
  backendUrl: httpUrl,
  /** How the webhook proves it comes from the service: `none`, `basic`, `bearer` or `jwt` (HS512). */
  webhookAuth: WebhookAuthMode.default("none"),
  /** The token agreed with the service for `basic`/`bearer`, or the JWT key (defaults to the API token). A secret. */
  webhookToken: z.string().min(1).optional(),
  /** Addresses or CIDR ranges the webhook may come from, comma-separated; empty accepts any. */
  webhookAllowedIps: z.preprocess(csv, z.array(z.string()).default([])),
  /** How many reverse proxies in front of Medusa append to `X-Forwarded-For`. */
  trustProxyHops: z.coerce.number().int().min(0).default(0),
  /** Time-out of one call to the service, in milliseconds. */
  timeoutMs: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Extra attempts for calls that are safe to repeat (status query, cancel, refund history). */
  retries: z.coerce.number().int().min(0).max(5).default(2),
  /** Currencies installments are offered in, comma-separated. */
  currencies: z.preprocess(csv, z.array(z.string().length(3)).min(1)).default(["mxn"]),
  /** The smallest total, in major units, installments are offered for. */
  minAmount: z.coerce.number().nonnegative().default(1),
  /** The largest total, in major units, installments are offered for. */
  maxAmount: z.coerce.number().positive().default(100_000),
  /** Number of installments advertised to shoppers (the service's plan; the spec does not publish it). */
  installments: z.coerce.number().int().min(1).max(60).default(4),
  /** Days between installments, as advertised to shoppers. */
  installmentFrequencyDays: z.coerce.number().int().min(1).max(366).default(14),
  /**
   * Record the payment as captured when the loan is confirmed: the service has paid the merchant
   * by then, so Medusa's order shows it paid and its changes (returns, edits) owe exact amounts.
   * Off, the payment stays authorized until the admin captures it (docs/money.md).
   */
  autoCapture: z.preprocess(bool, z.boolean()).default(true),
  /**
   * The most notified loans this process confirms at once. A notification beyond them is answered
   * at once (200) and confirmed in turn, so the service's senders never wait on a queue of orders.
   */
  webhookConcurrency: z.coerce.number().int().min(1).max(64).default(16),
  /** How long a webhook waits for its confirmation's verdict, in milliseconds; past it, 200 (received) and the confirmation goes on. */
  webhookAnswerMs: z.coerce.number().int().min(100).max(60_000).default(500),
  /** Reconciliation leaves loans younger than this alone, so it does not race the webhook. */
  reconcileGraceSeconds: z.coerce.number().int().min(0).default(120),
  /** An unpaid loan older than this is cancelled at the service by reconciliation. */
  loanTimeoutHours: z.coerce.number().positive().default(12),
  /** The most status queries reconciliation has in flight at once. */
  reconcileConcurrency: z.coerce.number().int().min(1).max(64).default(8),
  /** Refund in full, by itself, a paid loan that no order can ever hold (its cart completed otherwise, or gone). Off: such loans go on the attention list. */
  refundOrphanedLoans: z.preprocess(bool, z.boolean()).default(true),
  /** Failed completions of a paid loan's cart before the loan goes on the attention list. */
  maxCompletionAttempts: z.coerce.number().int().min(1).max(100).default(3),
  /** How often reconciliation compares an ordered loan's refunds at the service with Medusa's, in hours (0: every run). */
  refundCheckHours: z.coerce.number().min(0).default(6),
  /** When Medusa receives a return whose refund is due on an order a loan paid, refund that amount at once (booked, once). */
  refundOnReturn: z.preprocess(bool, z.boolean()).default(false),
  /** Place the order (payment pending, stock reserved) before the shopper goes to the service; the paid loan authorizes it, an unpaid one cancels it. */
  orderBeforeFinancing: z.preprocess(bool, z.boolean()).default(false),
  /** Products that cannot be paid in installments, by id (`prod_…`). */
  excludedProducts: z.preprocess(csv, z.array(z.string().min(1)).default([])),
  /** Products of these collections (`pcol_…`) cannot be paid in installments. */
  excludedCollections: z.preprocess(csv, z.array(z.string().min(1)).default([])),
  /** Products in these categories (`pcat_…`) cannot be paid in installments. */
  excludedCategories: z.preprocess(csv, z.array(z.string().min(1)).default([])),
  /** Products with any of these tags, by the tag's value (`no-installments`), cannot be paid in installments. */
  excludedTags: z.preprocess(csv, z.array(z.string().min(1)).default([])),
})

/** Each option's environment variable: the README's configuration table is this list. */
export const OPTION_ENV = {
  authUrl: "BNPL_AUTH_URL",
  baseUrl: "BNPL_BASE_URL",
  merchantUrl: "BNPL_MERCHANT_URL",
  inStoreShopId: "BNPL_IN_STORE_SHOP_ID",
  inStoreBranches: "BNPL_IN_STORE_BRANCHES",
  inStoreChannels: "BNPL_IN_STORE_CHANNELS",
  apiToken: "BNPL_API_TOKEN",
  merchantId: "BNPL_MERCHANT_ID",
  shopId: "BNPL_SHOP_ID",
  storefrontUrl: "BNPL_STOREFRONT_URL",
  successUrl: "BNPL_SUCCESS_URL",
  errorUrl: "BNPL_ERROR_URL",
  cartUrl: "BNPL_CART_URL",
  paymentLinkUrl: "BNPL_PAYMENT_LINK_URL",
  backendUrl: "BNPL_BACKEND_URL",
  webhookAuth: "BNPL_WEBHOOK_AUTH",
  webhookToken: "BNPL_WEBHOOK_TOKEN",
  webhookAllowedIps: "BNPL_WEBHOOK_ALLOWED_IPS",
  trustProxyHops: "BNPL_TRUST_PROXY_HOPS",
  timeoutMs: "BNPL_TIMEOUT_MS",
  retries: "BNPL_RETRIES",
  currencies: "BNPL_CURRENCIES",
  minAmount: "BNPL_MIN_AMOUNT",
  maxAmount: "BNPL_MAX_AMOUNT",
  installments: "BNPL_INSTALLMENTS",
  installmentFrequencyDays: "BNPL_INSTALLMENT_FREQUENCY_DAYS",
  autoCapture: "BNPL_AUTO_CAPTURE",
  webhookConcurrency: "BNPL_WEBHOOK_CONCURRENCY",
  webhookAnswerMs: "BNPL_WEBHOOK_ANSWER_MS",
  reconcileGraceSeconds: "BNPL_RECONCILE_GRACE_SECONDS",
  loanTimeoutHours: "BNPL_LOAN_TIMEOUT_HOURS",
  reconcileConcurrency: "BNPL_RECONCILE_CONCURRENCY",
  refundOrphanedLoans: "BNPL_REFUND_ORPHANED_LOANS",
  maxCompletionAttempts: "BNPL_MAX_COMPLETION_ATTEMPTS",
  refundCheckHours: "BNPL_REFUND_CHECK_HOURS",
  refundOnReturn: "BNPL_REFUND_ON_RETURN",
  orderBeforeFinancing: "BNPL_ORDER_BEFORE_FINANCING",
  excludedProducts: "BNPL_EXCLUDED_PRODUCTS",
  excludedCollections: "BNPL_EXCLUDED_COLLECTIONS",
  excludedCategories: "BNPL_EXCLUDED_CATEGORIES",
  excludedTags: "BNPL_EXCLUDED_TAGS",
} as const satisfies Record<keyof z.input<typeof OptionsShape>, string>

export type BnplOptionsInput = Partial<z.input<typeof OptionsShape>>

export const BnplOptions = OptionsShape.superRefine((o, ctx) => {
  for (const key of ["successUrl", "errorUrl", "cartUrl"] as const) {
    if (!o[key] && !o.storefrontUrl) {
      ctx.addIssue({ code: "custom", path: [key], message: `is required when ${OPTION_ENV.storefrontUrl} (storefrontUrl) is not set` })
    }
  }
  if (o.webhookAuth !== "none" && o.webhookAuth !== "jwt" && !o.webhookToken) {
    ctx.addIssue({ code: "custom", path: ["webhookToken"], message: `is required when webhookAuth is "${o.webhookAuth}"` })
  }
  if (o.minAmount > o.maxAmount) {
    ctx.addIssue({ code: "custom", path: ["minAmount"], message: "must not exceed maxAmount" })
  }
}).transform((o) => ({
  ...o,
  currencies: o.currencies.map((c) => c.toLowerCase()),
  successUrl: o.successUrl ?? `${o.storefrontUrl}/checkout/bnpl/success`,
  errorUrl: o.errorUrl ?? `${o.storefrontUrl}/checkout/bnpl/error`,
  cartUrl: o.cartUrl ?? `${o.storefrontUrl}/cart`,
  paymentLinkUrl: o.paymentLinkUrl ?? (o.storefrontUrl ? `${o.storefrontUrl}/payment-collection` : undefined),
  // The HS512 webhook JWT is signed with the merchant's API token unless agreed otherwise.
  webhookToken: o.webhookToken ?? (o.webhookAuth === "jwt" ? o.apiToken : undefined),
  webHookUrl: `${o.backendUrl}/hooks/bnpl`,
  inStoreBranches: inStoreBranchesOf(o),
}))
export type BnplOptions = z.infer<typeof BnplOptions>

/** The branches sales by phone can be made at, the default first: the named ones, else the one branch. */
function inStoreBranchesOf(o: { shopId: string; inStoreShopId?: string; inStoreBranches: Array<{ name: string; shopId: string }> }) {
  if (o.inStoreBranches.length) return o.inStoreBranches
  const shopId = o.inStoreShopId ?? (/^\d+$/.test(o.shopId) ? o.shopId : undefined)
  return shopId ? [{ name: "", shopId }] : []
}

export class BnplOptionsError extends Error {}

/** Explicit options win over environment variables; empty strings count as unset. */
export function withEnvFallback(raw: BnplOptionsInput, env: NodeJS.ProcessEnv = process.env): Record<string, unknown> {
  const merged: Record<string, unknown> = {}
  for (const [key, name] of Object.entries(OPTION_ENV)) {
    const explicit = (raw as Record<string, unknown>)[key]
    const fromEnv = env[name]
    const value = explicit ?? (fromEnv === "" ? undefined : fromEnv)
    if (value !== undefined && value !== null && value !== "") merged[key] = value
  }
  return merged
}

/**
 * Validates the options, or throws one error naming every bad option and its
 * environment variable. Values are never echoed: some of them are secrets.
 */
export function parseOptions(raw: BnplOptionsInput = {}, env: NodeJS.ProcessEnv = process.env): BnplOptions {
  const result = BnplOptions.safeParse(withEnvFallback(raw, env))
  if (result.success) return result.data
  const lines = result.error.issues.map((issue) => {
    const key = String(issue.path[0] ?? "options") as keyof typeof OPTION_ENV
    const env = OPTION_ENV[key] ? ` (${OPTION_ENV[key]})` : ""
    return `  - ${key}${env}: ${issue.message}`
  })
  throw new BnplOptionsError(`medusa-payment-bnpl: invalid provider options:\n${lines.join("\n")}`)
}
