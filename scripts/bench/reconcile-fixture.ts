import type { Loan } from "../../packages/sandbox"
import type { BenchContext } from "./context"
import type { ReconcileSummary } from "../harness/admin-api"
import { mapLimited } from "../harness/pool"
import { breakLoan, createLoan, withFaults } from "../harness/sandbox-loans"
import { BNPL, sessionOf, type ReadyCart } from "../harness/store-api"

/** What becomes of each pending session's loan. */
export type LoanFate = "paid" | "abandoned" | "cancelled" | "erroring" | "pending"

/**
 * Out of every 20 sessions: 2 paid (webhook lost), 6 abandoned (unpaid past the loan
 * time-out), 2 cancelled at the service, 1 whose status query fails, 9 still pending.
 * Interleaved, so that every page of the reconciliation sees every kind.
 */
const PATTERN: LoanFate[] = [
  "paid",
  "abandoned",
  "pending",
  "abandoned",
  "cancelled",
  "pending",
  "abandoned",
  "pending",
  "erroring",
  "pending",
  "paid",
  "abandoned",
  "pending",
  "abandoned",
  "cancelled",
  "pending",
  "abandoned",
  "pending",
  "pending",
  "pending",
]

/** Older than BNPL_LOAN_TIMEOUT_HOURS' default of 12. */
const ABANDONED_AGE_MS = 13 * 3_600_000

export interface Template {
  /** The real checkout whose loan request every fixture loan repeats, for its own cart. */
  cartId: string
  sessionId: string
  request: Loan["request"]
}

export interface ReconcileFixture {
  cartIds: string[]
  fates: LoanFate[]
  expected: ReconcileSummary
}

/** One real pp_bnpl_bnpl checkout through the store API: the model of every fixture session. */
export async function templateCheckout(ctx: BenchContext): Promise<Template> {
  const [cart] = await ctx.carts.carts(1)
  const session = sessionOf(await ctx.api.startSession(cart.collectionId, BNPL), BNPL)
  const loan = session.loanId === undefined ? undefined : ctx.stack.sandbox.state.loans.get(session.loanId)
  if (!loan) throw new Error("the template checkout created no loan at the sandbox")
  return { cartId: cart.cartId, sessionId: session.sessionId, request: structuredClone(loan.request) }
}

/**
 * `n` pending pp_bnpl_bnpl sessions: carts from the factory (SQL copies), a loan for each
 * made at the sandbox through its API, a session row holding that loan with the data the
 * provider writes and the loan's ledger row (SQL), then each loan's fate applied at the sandbox, in the order of
 * `pattern` (reconciliation's mix unless another is given), repeated: the mix is the same whatever n is.
 */
export async function buildFixture(ctx: BenchContext, template: Template, n: number, pattern: LoanFate[] = PATTERN): Promise<ReconcileFixture> {
  const carts = await ctx.carts.carts(n)
  const fates = carts.map((_, i) => pattern[i % pattern.length])
  const merchant = { merchantId: ctx.stack.secrets.merchantId, apiToken: ctx.stack.secrets.apiToken }
  const loans = await mapLimited(carts, 8, (cart) => createLoan(ctx.stack.sandbox, merchant, loanRequest(template, cart.cartId)))
  const created = loans.map((loan, i) => {
    if (!loan) throw new Error(`no loan for ${carts[i].cartId}`)
    return loan
  })
  await insertSessions(ctx, template, carts, created, fates)
  await applyFates(
    ctx,
    created.map((loan) => loan.loanId),
    fates,
  )
  return { cartIds: carts.map((cart) => cart.cartId), fates, expected: expectedSummary(fates) }
}

/** The template's own loan request, for another cart: same products, totals and URLs. */
function loanRequest(template: Template, cartId: string): Loan["request"] {
  const swap = (url: string): string => url.split(template.cartId).join(cartId)
  const { successUrl, errorUrl, cartUrl } = template.request
  return { ...template.request, cartId, successUrl: swap(successUrl), errorUrl: swap(errorUrl), cartUrl: swap(cartUrl) }
}

interface ModelSession {
  amount: string
  raw_amount: unknown
  currency_code: string
  data: { amount: string }
}

async function insertSessions(
  ctx: BenchContext,
  template: Template,
  carts: ReadyCart[],
  loans: Array<{ loanId: number; url: string }>,
  fates: LoanFate[],
): Promise<void> {
  const [model] = await ctx.stack.db.query<ModelSession>("SELECT amount, raw_amount, currency_code, data FROM payment_session WHERE id = $1", [
    template.sessionId,
  ])
  const now = Date.now()
  const data = carts.map((cart, i) =>
    JSON.stringify({
      service_cart_id: cart.cartId,
      loan_id: loans[i].loanId,
      checkout_url: loans[i].url,
      amount: model.data.amount,
      currency_code: model.currency_code,
      loan_status: "REQUEST",
    }),
  )
  const createdAt = fates.map((fate) => new Date(fate === "abandoned" ? now - ABANDONED_AGE_MS : now).toISOString())
  await ctx.stack.db.query(
    `INSERT INTO payment_session (id, currency_code, amount, raw_amount, provider_id, data, context, status,
                                  payment_collection_id, metadata, created_at, updated_at)
     SELECT 'payses_' || x.cart_id, $1, $2, $3::jsonb, $4, x.data::jsonb, '{}'::jsonb, 'pending',
            x.collection_id, '{}'::jsonb, x.created_at, x.created_at
       FROM unnest($5::text[], $6::text[], $7::text[], $8::timestamptz[]) AS x(cart_id, collection_id, data, created_at)`,
    [
      model.currency_code,
      model.amount,
      JSON.stringify(model.raw_amount),
      BNPL,
      carts.map((c) => c.cartId),
      carts.map((c) => c.collectionId),
      data,
      createdAt,
    ],
  )
  // The plugin writes a ledger row with every loan it creates: so does the fixture, aged like its session.
  await ctx.stack.db.query(
    `INSERT INTO bnpl_loan (id, loan_id, service_cart_id, payment_collection_id, payment_session_id, checkout_url, amount, raw_amount,
                            currency_code, loan_status, state, created_at, updated_at)
     SELECT 'bnplloan_' || x.cart_id, x.loan_id, x.cart_id, x.collection_id, 'payses_' || x.cart_id, x.url,
            $1::numeric, jsonb_build_object('value', trim_scale($1::numeric)::text, 'precision', 20), $2,
            'REQUEST', 'open', x.created_at, x.created_at
       FROM unnest($3::text[], $4::text[], $5::int[], $6::text[], $7::timestamptz[]) AS x(cart_id, collection_id, loan_id, url, created_at)`,
    [
      model.data.amount,
      model.currency_code,
      carts.map((c) => c.cartId),
      carts.map((c) => c.collectionId),
      loans.map((l) => l.loanId),
      loans.map((l) => l.url),
      createdAt,
    ],
  )
}

async function applyFates(ctx: BenchContext, loanIds: number[], fates: LoanFate[]): Promise<void> {
  const { sandbox } = ctx.stack
  const withFate = (fate: LoanFate): number[] => loanIds.filter((_, i) => fates[i] === fate)
  // Paid with the webhook lost on the way: only reconciliation can find these.
  const lost = { ...ctx.baseFaults, webhook: { dropRate: 1 } }
  // pay() mostly waits for the sandbox's `visibleAfterMs`: many at once keep thousands of payments to seconds.
  await withFaults(sandbox, lost, ctx.baseFaults, () => mapLimited(withFate("paid"), 64, (loanId) => sandbox.pay(loanId)))
  withFate("cancelled").forEach((loanId) => sandbox.decline(loanId))
  withFate("erroring").forEach((loanId) => breakLoan(sandbox, loanId))
}

function expectedSummary(fates: LoanFate[]): ReconcileSummary {
  const count = (fate: LoanFate): number => fates.filter((candidate) => candidate === fate).length
  return {
    checked: fates.length,
    authorized: count("paid"),
    cancelled: count("abandoned") + count("cancelled"),
    pending: count("pending"),
    failed: count("erroring"),
    needs_attention: 0,
    refunded: 0,
    refunds_recorded: 0,
    backfilled: 0,
  }
}
