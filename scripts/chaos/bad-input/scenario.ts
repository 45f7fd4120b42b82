import { seededRandom } from "../../../packages/sandbox/rng"
import { loanCheckouts } from "../../harness/checkouts"
import { requestJson } from "../../harness/http"
import { allOrders, countOrders } from "../../harness/orders"
import { mapLimited, range, waitUntil } from "../../harness/pool"
import { rssMiB, Sampler } from "../../harness/rss"
import { countBy, distribution } from "../../harness/stats"
import type { ChaosContext } from "../context"
import { postRaw, type RawOutcome, resentAfterIdleClose } from "../lib/raw-webhook"
import { Expectations, type Scenario, type ScenarioResult } from "../scenario"
import { badCase, type CaseSources } from "./cases"

const AT_ONCE = 32
const WARM_UP = 500
/** Memory is "back" when the heap after a forced full GC is within this much of the baseline's. */
const MEMORY_SLACK = 1.1

/**
 * Thousands of generated requests to the webhook URL (random bytes, wrong types, huge and
 * aborted bodies, wrong and expired tokens, unicode, ids of other carts, replays). Nothing
 * may answer 5xx, Medusa must stay up, no order may appear, and its memory must come back.
 */
export const badInputScenario: Scenario = {
  name: "bad input",
  async run(ctx: ChaosContext): Promise<ScenarioResult> {
    const url = `${ctx.medusa.url}/hooks/bnpl`
    const sources = await caseSources(ctx)
    await fire(url, sources, range(WARM_UP))
    const baseline = await ctx.medusa.memoryAfterGc()
    const ordersBefore = (await allOrders(ctx.stack.db)).length
    const pid = ctx.medusa.pid ?? 0
    const rss = new Sampler(() => rssMiB(pid), 100).start()
    const started = Date.now()
    const resentBefore = resentAfterIdleClose()
    const results = await fire(
      url,
      sources,
      range(ctx.sizes.badRequests).map((i) => i + WARM_UP),
    )
    const seconds = (Date.now() - started) / 1000
    rss.stop()
    const after = await ctx.medusa.memoryAfterGc()
    const ordersAfter = (await allOrders(ctx.stack.db)).length
    const health = await requestJson("GET", `${ctx.medusa.url}/health`, { timeoutMs: 5_000 })
    const statuses = countBy(results, (r) => r.outcome)
    const unanswered = results.filter((r) => r.outcome === "no reply").length
    const serverErrors = results.filter((r) => typeof r.outcome === "number" && r.outcome >= 500)
    return {
      figures: {
        requests: results.length,
        "requests/s": (results.length / seconds).toFixed(0),
        "by status": statuses,
        "sent again on a new connection (the kept-alive one closed as it went out)": resentAfterIdleClose() - resentBefore,
        "by category": byCategory(results),
        "orders created": ordersAfter - ordersBefore,
        "heap MiB after forced GC (baseline / after)": `${mib(baseline.heapUsed)} / ${mib(after.heapUsed)}`,
        "RSS MiB (baseline after GC / peak / after GC)": `${mib(baseline.rss)} / ${distribution(rss.samples).max.toFixed(0)} / ${mib(after.rss)}`,
      },
      failures: new Expectations()
        .that(serverErrors.length === 0, `${serverErrors.length} answers were 5xx: ${JSON.stringify(byCategory(serverErrors))}`)
        .that(unanswered === 0, `${unanswered} requests got no reply at all`)
        .that(ctx.medusa.running && health.status === 200, `Medusa is ${ctx.medusa.running ? `up, /health answers ${health.status}` : "gone"}`)
        .that(ordersAfter === ordersBefore, `${ordersAfter - ordersBefore} orders appeared`)
        .that(
          after.heapUsed <= baseline.heapUsed * MEMORY_SLACK,
          `heap ${mib(after.heapUsed)} MiB after GC is not back to ${mib(baseline.heapUsed)} MiB (+${Math.round((MEMORY_SLACK - 1) * 100)} %)`,
        ).failures,
    }
  },
}

interface Result {
  category: string
  outcome: RawOutcome
}

async function fire(url: string, sources: CaseSources, indexes: number[]): Promise<Result[]> {
  const results = await mapLimited(
    indexes,
    AT_ONCE,
    async (index) => {
      const bad = badCase(sources, index)
      return { category: bad.category, outcome: await postRaw({ url, headers: bad.headers, body: bad.body, abortAfterBytes: bad.abortAfterBytes }) }
    },
    Date.now() + 600_000,
  )
  return results.filter((result): result is Result => result !== undefined)
}

/**
 * Targets for the forged requests, made here so the scenario stands alone: fresh unpaid loans,
 * and paid loans whose orders exist (their webhooks delivered) for replays and mix-ups.
 */
async function caseSources(ctx: ChaosContext): Promise<CaseSources> {
  const loans = (await loanCheckouts(ctx.api, await ctx.carts.carts(10 + PAID_TARGETS), 4)).map(({ cartId, loanId }) => ({ cartId, loanId }))
  const unpaid = loans.slice(PAID_TARGETS)
  const paid = loans.slice(0, PAID_TARGETS)
  for (const { loanId } of paid) await ctx.stack.sandbox.pay(loanId)
  const ordered = await waitUntil(
    async () =>
      (await countOrders(
        ctx.stack.db,
        paid.map((l) => l.cartId),
      )) === paid.length,
    60_000,
  )
  if (!ordered) throw new Error(`the ${paid.length} paid loans the scenario aims at did not all become orders within 60 s`)
  return { secrets: ctx.stack.secrets, random: seededRandom(20_240_521), unpaid, paid }
}

/** Paid loans the forged webhooks aim at: a replay or a mix-up must never make a second order. */
const PAID_TARGETS = 5

const mib = (bytes: number): string => (bytes / 1024 / 1024).toFixed(0)

function byCategory(results: Result[]): Record<string, Record<string, number>> {
  const table: Record<string, Record<string, number>> = {}
  for (const { category, outcome } of results) {
    table[category] ??= {}
    table[category][outcome] = (table[category][outcome] ?? 0) + 1
  }
  return table
}
