export interface Distribution {
  n: number
  median: number
  p99: number
  min: number
  max: number
  mean: number
}

/** Nearest-rank percentile (p in 0..100): always a value that was actually observed. */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]
}

export function distribution(values: number[]): Distribution {
  const sorted = [...values].sort((a, b) => a - b)
  const sum = sorted.reduce((total, value) => total + value, 0)
  return {
    n: sorted.length,
    median: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    min: sorted[0] ?? Number.NaN,
    max: sorted[sorted.length - 1] ?? Number.NaN,
    mean: sorted.length ? sum / sorted.length : Number.NaN,
  }
}

/** Counts of each distinct key, e.g. HTTP statuses: { "200": 190, "409": 10 }. */
export function countBy<T>(items: Iterable<T>, key: (item: T) => string | number): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const item of items) {
    const name = String(key(item))
    counts[name] = (counts[name] ?? 0) + 1
  }
  return counts
}

/**
 * Milliseconds per item within each tenth of `times` (when each item was done, sorted): a tenth's
 * clock starts at the previous tenth's last item, the first's at the first item.
 */
export function msPerItemByTenth(times: number[]): number[] {
  const tenths: number[] = []
  for (let k = 1, from = times[0]; k <= 10; k++) {
    const start = Math.ceil((times.length * (k - 1)) / 10)
    const end = Math.ceil((times.length * k) / 10) - 1
    if (end < start) continue
    tenths.push((times[end] - from) / (end - start + 1))
    from = times[end]
  }
  return tenths
}
