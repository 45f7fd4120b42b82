import type { BenchContext } from "./context"
import type { FigureRow } from "./figure"
import { requestJson, type JsonReply } from "../harness/http"
import { distribution } from "../harness/stats"

const WARM_UP = 20

/**
 * GET /store/bnpl/offer (a product page's installments line) against Medusa's own
 * GET /store/regions, one call at a time, alternating, with the publishable key both need.
 * The offer reads only options held in memory, so it should cost no more than Medusa's
 * cheapest store read.
 */
export async function benchOffer(ctx: BenchContext): Promise<FigureRow[]> {
  const n = ctx.config.offerN
  const headers = { "x-publishable-api-key": ctx.stack.store.publishableKey }
  const get = async (path: string): Promise<JsonReply> => {
    const reply = await requestJson("GET", `${ctx.medusa.url}${path}`, { headers })
    if (reply.status !== 200) throw new Error(`GET ${path}: HTTP ${reply.status} ${JSON.stringify(reply.body).slice(0, 200)}`)
    return reply
  }
  const offer: number[] = []
  const regions: number[] = []
  for (let i = 0; i < n + WARM_UP; i++) {
    // A different amount each time, as product pages ask: no cache in between.
    const amount = `${100 + i}.${String(i % 100).padStart(2, "0")}`
    const pair =
      i % 2
        ? [`/store/bnpl/offer?amount=${amount}&currency_code=mxn`, "/store/regions"]
        : ["/store/regions", `/store/bnpl/offer?amount=${amount}&currency_code=mxn`]
    for (const path of pair) {
      const { ms } = await get(path)
      if (i >= WARM_UP) (path.startsWith("/store/bnpl") ? offer : regions).push(ms)
    }
  }
  const measured = distribution(offer)
  const baseline = distribution(regions)
  const ratio = measured.median / baseline.median
  return [
    {
      figure: "Offer (GET /store/bnpl/offer)",
      unit: "ms",
      measured,
      baseline: { label: "GET /store/regions", ...baseline },
      ratio,
      ratioMeaning: "median / baseline median",
      target: "≤ 1×",
      met: ratio <= 1,
    },
  ]
}
