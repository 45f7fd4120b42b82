/** How big each scenario is: the sizes, or the CI-sized `--quick` ones (≤ 4 min in all). */
export interface ChaosSizes {
  quick: boolean
  faultCheckouts: number
  restartWebhooks: number
  badRequests: number
  twoInstanceCarts: number
  /** Checkouts driven at once. */
  concurrency: number
}

export function chaosSizes(args: string[]): ChaosSizes {
  const quick = args.includes("--quick")
  return quick
    ? { quick, faultCheckouts: 40, restartWebhooks: 30, badRequests: 2_000, twoInstanceCarts: 30, concurrency: 8 }
    : { quick, faultCheckouts: 200, restartWebhooks: 100, badRequests: 10_000, twoInstanceCarts: 100, concurrency: 8 }
}
