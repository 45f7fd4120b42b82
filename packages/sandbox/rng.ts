/**
 * A seeded generator (mulberry32) so that a fault run with `seed` set can be replayed
 * exactly; Math.random cannot be seeded.
 */
export type Random = () => number

export function seededRandom(seed: number): Random {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
