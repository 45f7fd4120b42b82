import { z } from "zod"
import { Customer, Decimal, LoanRequest, LoanStatus, PosLoanRequest, ShopId } from "./wire"

/**
 * The sandbox's whole memory. Loans and refunds are schemas (not bare interfaces) because
 * they are also read back from the persistence file, which may be stale or hand-edited.
 */

export const Merchant = z.object({
  merchantId: z.number().int(),
  apiToken: z.string().min(1),
  name: z.string().min(1),
  approved: z.boolean(),
})
export type Merchant = z.infer<typeof Merchant>

/** A branch (shop) of a merchant: what an in-store loan's `shopId` names. */
export const Branch = z.object({
  merchantId: z.number().int(),
  branchId: ShopId,
  name: z.string().min(1),
})
export type Branch = z.infer<typeof Branch>

export const Refund = z.object({
  refundId: z.number().int(),
  loanId: z.number().int(),
  cartId: z.string(),
  merchantId: z.number().int(),
  totalAmount: Decimal,
  reason: z.string(),
  status: z.enum(["REQUESTED", "REFUNDED"]),
  refundDate: z.string(),
  settledAt: z.string().nullable(),
  /** Extra time before the history lists it (`refund.historyDelayMs`); null: never while the sandbox runs. */
  historyDelayMs: z.number().int().nonnegative().nullable().default(0),
})
export type Refund = z.infer<typeof Refund>

export const Loan = z.object({
  loanId: z.number().int(),
  cartId: z.string(),
  merchantId: z.number().int(),
  status: LoanStatus,
  /**
   * What the loan is for, in the online request's words. For an in-store loan it is made from
   * `posRequest`, so that the status query, the checkout page, the webhook and refunds read
   * every loan alike.
   */
  request: LoanRequest,
  /** Set for a loan created through the in-store API: the request as the merchant sent it. */
  posRequest: PosLoanRequest.optional(),
  installments: z.number().int().min(1),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Null until the first installment is paid. */
  authorizeDate: z.string().nullable(),
  customer: Customer,
  /** The secret in the checkout link, so that loan ids cannot be walked. */
  checkoutToken: z.string(),
  /** Set by the control API's `expire`: the link stops working, the status does not change. */
  expired: z.boolean(),
  refunds: z.array(Refund),
})
export type Loan = z.infer<typeof Loan>

export type ServiceEndpoint = "auth" | "loan" | "posLoan" | "status" | "cancel" | "refund" | "refundHistory"

/** A request the service endpoints received, secrets redacted. */
export const ReceivedRequest = z.object({
  at: z.string(),
  method: z.string(),
  path: z.string(),
  /** Null while unanswered, and forever for a request hung by a fault. */
  status: z.number().int().nullable(),
  body: z.unknown(),
  headers: z.record(z.string(), z.string()),
  /**
   * The injected fault. `reject` only on the refund endpoint; the `apply-then-*` ones on the
   * writes (loan, posLoan, cancel, refund), whose change was made before the reply was lost.
   */
  fault: z.enum(["error", "hang", "malformed", "rate-limited", "reject", "apply-then-hang", "apply-then-reset"]).nullable(),
})
export type ReceivedRequest = z.infer<typeof ReceivedRequest>

export const WebhookDelivery = z.object({
  loanId: z.number().int(),
  cartId: z.string(),
  attempt: z.number().int(),
  at: z.string(),
  url: z.string(),
  /** The merchant's HTTP status; null when nothing came back (network error, time-out, drop). */
  status: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number(),
  /** True for the second copy sent by the `duplicateRate` fault. */
  duplicate: z.boolean(),
  /** The start of the merchant's reply body, to see why a receiver refused. */
  response: z.string().nullable(),
})
export type WebhookDelivery = z.infer<typeof WebhookDelivery>

/**
 * A checkout link the sandbox "sent" to a customer's phone (WhatsApp, SMS) or showed as a QR
 * code: the customer's side of an in-store sale, for a test or a person to open and pay.
 */
export const OutboxMessage = z.object({
  at: z.string(),
  cartId: z.string(),
  loanId: z.number().int(),
  phone: z.string(),
  channel: z.enum(["WHATSAPP", "SMS", "QR"]),
  link: z.string(),
})
export type OutboxMessage = z.infer<typeof OutboxMessage>

export interface SandboxState {
  merchants: Merchant[]
  loans: Map<number, Loan>
  requests: ReceivedRequest[]
  webhooks: WebhookDelivery[]
  /** Oldest first. */
  outbox: OutboxMessage[]
  branches: Branch[]
  nextLoanId: number
  nextRefundId: number
  /** jti of spent auth tokens, with their expiry (epoch seconds) so they can be forgotten. */
  spentTokens: Map<string, number>
}

export const FIRST_LOAN_ID = 5001
export const FIRST_REFUND_ID = 7001

/** Every merchant starts with one branch, so that `shopId: "1"` works before any is created. */
export const FIRST_BRANCH = { branchId: "1", name: "Matriz" }

export function createState(merchants: Merchant[]): SandboxState {
  return {
    merchants,
    loans: new Map(),
    requests: [],
    webhooks: [],
    outbox: [],
    branches: merchants.map((merchant) => ({ merchantId: merchant.merchantId, ...FIRST_BRANCH })),
    nextLoanId: FIRST_LOAN_ID,
    nextRefundId: FIRST_REFUND_ID,
    spentTokens: new Map(),
  }
}

/**
 * Forgets loans, refunds, requests, deliveries and sent messages in place (others hold this
 * object). The id counters keep running: a store's database may still hold old loan ids, and a
 * reused id would point its records at somebody else's loan. Branches stay: like the
 * merchant's credentials, they are its set-up at the service, not its sales.
 */
export function clearState(state: SandboxState): void {
  state.loans.clear()
  state.requests.length = 0
  state.webhooks.length = 0
  state.outbox.length = 0
}

export function loansOfCart(state: SandboxState, merchantId: number, cartId: string): Loan[] {
  return [...state.loans.values()].filter((loan) => loan.merchantId === merchantId && loan.cartId === cartId)
}

/** Requests, deliveries and messages kept in memory; a benchmark must not grow the sandbox forever. */
export const HISTORY_LIMIT = 1000

export function appendToHistory<T>(history: T[], entry: T): void {
  history.push(entry)
  if (history.length > HISTORY_LIMIT) history.splice(0, history.length - HISTORY_LIMIT)
}
