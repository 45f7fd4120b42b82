import { join } from "node:path"
import { FRESH_MS } from "../../src/api/store/bnpl/recent-loans"
import { loanCheckouts } from "../harness/checkouts"
import { requestJson } from "../harness/http"
import { LogFile } from "../harness/log-file"
import { ordersByCart } from "../harness/orders"
import { mapLimited } from "../harness/pool"
import { startRedis } from "../harness/redis"
import { withFaults } from "../harness/sandbox-loans"
import { StoreApi } from "../harness/store-api"
import { countBy } from "../harness/stats"
import type { Stack } from "../harness/stack"
import type { ChaosContext } from "./context"
import { checkLedger, ledgerScope } from "./lib/ledger"
import { postRaw } from "./lib/raw-webhook"
import { genuineAuthorization, notification } from "./lib/webhook-signer"
import { Expectations, type Scenario, type ScenarioResult } from "./scenario"

/**
 * Two Medusa processes on one PostgreSQL and one Redis (Medusa's Redis event bus and
 * locking provider), and every payment's webhook delivered to both at the same moment.
 * The shared lock must make one of them confirm and the other see the order: one order per cart.
 */
export const twoInstancesScenario: Scenario = {
  name: "two instances",
  async run(ctx: ChaosContext): Promise<ScenarioResult> {
    const { stack } = ctx
    const redis = await startRedis(new LogFile(join(stack.options.artifacts, "redis.log")))
    await ctx.medusa.stop() // its lock is in-process: it must not take part
    ctx.say("two instances: starting two Medusa processes on Redis…")
    const [one, two] = await Promise.all(["redis-1", "redis-2"].map((name) => stack.medusa(name, { REDIS_URL: redis.url })))
    const api = new StoreApi(one.process.url, stack.store)
    const loans = await loanCheckouts(api, await ctx.carts.carts(ctx.sizes.twoInstanceCarts), 4)
    const scope = await ledgerScope(
      stack.db,
      loans.map((loan) => loan.cartId),
    )
    const polled = await pollOnBoth(stack, [one.process.url, two.process.url], loans[0].cartId)
    const lost = { webhook: { dropRate: 1 } }
    // The customer pays; the sandbox's own webhook is dropped, and the same one is sent to both.
    await withFaults(stack.sandbox, lost, {}, () => mapLimited(loans, 8, (loan) => stack.sandbox.pay(loan.loanId)))
    const outcomes = await mapLimited(loans, 8, async (loan) => {
      const body = notification(stack.secrets, loan.cartId, loan.loanId)
      const headers = { "content-type": "application/json", authorization: genuineAuthorization(stack.secrets, body) }
      const send = (url: string) => postRaw({ url: `${url}/hooks/bnpl`, headers, body: JSON.stringify(body) })
      return Promise.all([send(one.process.url), send(two.process.url)])
    })
    const answers = outcomes.flatMap((pair) => pair ?? [])
    const carts = loans.map((loan) => loan.cartId)
    const orders = await ordersByCart(stack.db, carts)
    const ledger = await checkLedger(stack.sandbox, stack.db, scope)
    const orderCount = [...orders.values()].reduce((n, ids) => n + ids.length, 0)
    return {
      figures: {
        carts: carts.length,
        "boot (s)": `${(one.bootMs / 1000).toFixed(1)} / ${(two.bootMs / 1000).toFixed(1)}`,
        "webhook answers": countBy(answers, (a) => a),
        orders: orderCount,
        "carts with exactly one order": [...orders.values()].filter((ids) => ids.length === 1).length,
        "a cart's loans asked on both instances in a moment": polled,
      },
      failures: new Expectations()
        .that(
          orderCount === carts.length && orders.size === carts.length,
          `${orderCount} orders for ${carts.length} carts (${orders.size} carts have one)`,
        )
        .that(ledger.violations.length === 0, `ledger: ${ledger.violations.slice(0, 5).join("; ")}`)
        .that(
          answers.every((a) => typeof a === "number" && a < 500),
          `answers: ${JSON.stringify(countBy(answers, (a) => a))}`,
        )
        .that(
          polled.answers.every((a) => a === 200) && (polled.statusQueries === 1 || polled.apartMs >= FRESH_MS),
          `GET /store/carts/:id/bnpl on each instance, ${polled.apartMs} ms apart, answered ${polled.answers.join(", ")} and cost the service ${polled.statusQueries} status queries (one expected: the answer is shared in Medusa's Redis cache)`,
        ).failures,
    }
  },
}

/**
 * The store's cart route asked on one instance, then on the other: the service's answer is kept in
 * Medusa's cache (Redis here), so the second instance answers without a status query of its own.
 */
async function pollOnBoth(stack: Stack, urls: string[], cartId: string) {
  const isStatusQuery = (r: { method: string; path: string }) => r.method === "GET" && r.path === `/api/pos/loan/${cartId}`
  const before = stack.sandbox.state.requests.filter(isStatusQuery).length
  const started = Date.now()
  const answers: number[] = []
  let secondAt = started
  for (const url of urls) {
    secondAt = Date.now()
    const reply = await requestJson("GET", `${url}/store/carts/${cartId}/bnpl`, { headers: { "x-publishable-api-key": stack.store.publishableKey } })
    answers.push(reply.status)
  }
  return { answers, statusQueries: stack.sandbox.state.requests.filter(isStatusQuery).length - before, apartMs: secondAt - started }
}
