import { performance } from "node:perf_hooks"
import type { BenchContext } from "./context"
import type { Checkout } from "../harness/checkouts"
import { cpuSplitFrom } from "../harness/cpu-time"
import type { JsonReply } from "../harness/http"
import { mapLimited, sleep } from "../harness/pool"
import { countBy } from "../harness/stats"
import { orderOf } from "../harness/store-api"
import type { Throughput } from "./webhook-to-order"

/**
 * Medusa answers 409 ("You may retry the request") when its workflow engine has not finished a
 * completion by the time it answers; a storefront retries, as the service retries a webhook.
 */
const RETRIES = 5
const RETRY_AFTER_MS = 500

/**
 * Medusa's own side of a comparison on the production topology: system-provider carts completed
 * `concurrency` at a time, each retried on a 409 as a storefront would; with `capture`, each
 * order's payment then captured through the admin API (Medusa's capturePaymentWorkflow, what a
 * store that captures at once runs), the same work as the plugin's `autoCapture`. The payments'
 * ids are read between the two phases in one query that is not timed: it is the bench's
 * bookkeeping, not the store's work. Each cart's latency is its completion (with its retries)
 * plus its capture.
 */
export async function completeSystemCarts(ctx: BenchContext, carts: Checkout[], { capture }: { capture: boolean }): Promise<Throughput> {
  const { concurrency } = ctx.config
  const cpu = cpuSplitFrom(ctx.medusa.pid)
  let started = performance.now()
  const completions = await mapLimited(carts, concurrency, (cart) => completeUntilAnswered(ctx, cart.cartId))
  let wallMs = performance.now() - started
  const completed = carts.filter((_, i) => completions[i] && orderOf(completions[i].reply))
  const payments = capture ? await paymentsOf(ctx, completed) : new Map<string, string>()
  started = performance.now()
  const captures = await mapLimited(carts, concurrency, async (cart) => {
    const payment = payments.get(cart.collectionId)
    return payment ? ctx.admin.post(`/admin/payments/${payment}/capture`, {}) : undefined
  })
  wallMs += performance.now() - started
  const used = cpu()
  const orders = capture ? captures.filter((reply) => reply?.status === 200).length : completed.length
  return {
    latencies: carts.flatMap((_, i) => (completions[i] ? [completions[i].ms + (captures[i]?.ms ?? 0)] : [])),
    orders,
    wallMs,
    perSecond: orders / (wallMs / 1000),
    halves: [{ wallMs, cpu: used }],
    statuses: {
      ...prefixed(
        "complete",
        countBy(completions, (done) => outcome(done?.reply, "no reply")),
      ),
      "complete retries": completions.reduce((sum, done) => sum + (done ? done.attempts - 1 : 0), 0),
      ...(capture
        ? prefixed(
            "capture",
            countBy(captures, (reply) => outcome(reply, "not sent")),
          )
        : {}),
    },
    cpu: used,
  }
}

/** POST /store/carts/:id/complete until an answer other than 409, or RETRIES more times. */
async function completeUntilAnswered(ctx: BenchContext, cartId: string): Promise<{ reply: JsonReply; ms: number; attempts: number }> {
  const started = performance.now()
  for (let attempts = 1; ; attempts++) {
    const reply = await ctx.api.complete(cartId)
    if (reply.status !== 409 || attempts > RETRIES) return { reply, ms: performance.now() - started, attempts }
    await sleep(RETRY_AFTER_MS)
  }
}

/** The payment each completed cart's collection holds, by collection id. */
async function paymentsOf(ctx: BenchContext, carts: Checkout[]): Promise<Map<string, string>> {
  const rows = await ctx.stack.db.query<{ id: string; payment_collection_id: string }>(
    "SELECT id, payment_collection_id FROM payment WHERE deleted_at IS NULL AND payment_collection_id = ANY($1)",
    [carts.map((cart) => cart.collectionId)],
  )
  return new Map(rows.map((row) => [row.payment_collection_id, row.id]))
}

/** A refusal's status with the start of its message: what went wrong, in the JSON report. */
const outcome = (reply: JsonReply | undefined, none: string): string =>
  !reply ? none : reply.status === 200 ? "200" : `${reply.status} ${JSON.stringify(reply.body).slice(0, 160)}`

const prefixed = (prefix: string, counts: Record<string, number>): Record<string, number> =>
  Object.fromEntries(Object.entries(counts).map(([key, count]) => [`${prefix} ${key}`, count]))
