/** How big each scenario is: the full sizes, or the `--quick` ones `npm test` runs beside the browser and packaging suites. */
export interface ChaosSizes {
  quick: boolean
  faultCheckouts: number
  restartWebhooks: number
  badRequests: number
  twoInstanceCarts: number
  /** Checkouts of the production-stack scenario, and how long they are spread over. */
  productionCheckouts: number
  productionStreamMs: number
  /** Checkouts driven at once. */
  concurrency: number
}

export function chaosSizes(args: string[]): ChaosSizes {
  const quick = args.includes("--quick")
  return quick
    ? {
        quick,
        faultCheckouts: 24,
        restartWebhooks: 21,
        badRequests: 1_000,
        twoInstanceCarts: 16,
        productionCheckouts: 24,
        productionStreamMs: 12_000,
        concurrency: 8,
      }
    : {
        quick,
        faultCheckouts: 200,
        restartWebhooks: 100,
        badRequests: 10_000,
        twoInstanceCarts: 100,
        productionCheckouts: 200,
        productionStreamMs: 90_000,
        concurrency: 8,
      }
}
