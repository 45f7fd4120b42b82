/**
 * Runs `work` over `items` with at most `limit` in flight, in order of the items, and
 * stops taking new items once `deadline` (epoch ms) has passed: every load loop in these
 * scripts is bounded in count (the items) and in time. Results keep the items' order;
 * items never started answer `undefined`.
 */
export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
  deadline = Number.POSITIVE_INFINITY,
): Promise<Array<R | undefined>> {
  const results: Array<R | undefined> = new Array(items.length).fill(undefined)
  let next = 0
  const lane = async (): Promise<void> => {
    while (next < items.length && Date.now() < deadline) {
      const index = next++
      results[index] = await work(items[index], index)
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane))
  return results
}

/** 0, 1, …, n-1: the items of a loop that only needs a count. */
export const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i)

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/** Polls `check` every `everyMs` until it answers true or `timeoutMs` has passed. */
export async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, everyMs = 250): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (await check()) return true
    if (Date.now() >= deadline) return false
    await sleep(everyMs)
  }
}
