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
