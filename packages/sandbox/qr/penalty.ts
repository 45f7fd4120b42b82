/**
 * How hard a masked code is to read (ISO/IEC 18004, 7.8.3): long runs of one colour, 2×2
 * blocks, shapes that look like a finder pattern, and an imbalance of dark and light. The mask
 * with the lowest score is drawn.
 */
const RUN = 3
const BLOCK = 3
const FINDER_LIKE = 40
const BALANCE = 10

export function penalty(modules: boolean[][]): number {
  const size = modules.length
  const columns = modules.map((_, x) => modules.map((row) => row[x]))
  let score = 0
  for (const line of [...modules, ...columns]) score += linePenalty(line)
  for (let y = 0; y < size - 1; y++) {
    for (let x = 0; x < size - 1; x++) {
      const colour = modules[y][x]
      if (colour === modules[y][x + 1] && colour === modules[y + 1][x] && colour === modules[y + 1][x + 1]) score += BLOCK
    }
  }
  const dark = modules.reduce((sum, row) => sum + row.filter(Boolean).length, 0)
  const total = size * size
  score += (Math.ceil(Math.abs(dark * 20 - total * 10) / total) - 1) * BALANCE
  return score
}

/** Runs of five or more, and 1:1:3:1:1 patterns with four light modules on a side (the code's margin counts as light). */
function linePenalty(line: boolean[]): number {
  const size = line.length
  let score = 0
  let colour = false
  let run = 0
  // The lengths of the last seven runs, newest first.
  const history = [0, 0, 0, 0, 0, 0, 0]
  const push = (length: number): void => {
    history.pop()
    history.unshift(history[0] === 0 ? length + size : length)
  }
  for (const module of line) {
    if (module === colour) {
      run++
      if (run === 5) score += RUN
      else if (run > 5) score++
      continue
    }
    push(run)
    if (!colour) score += finderLike(history) * FINDER_LIKE
    colour = module
    run = 1
  }
  if (colour) {
    push(run)
    run = 0
  }
  push(run + size)
  return score + finderLike(history) * FINDER_LIKE
}

function finderLike(history: number[]): number {
  const n = history[1]
  const core = n > 0 && history[2] === n && history[3] === n * 3 && history[4] === n && history[5] === n
  return (core && history[0] >= n * 4 && history[6] >= n ? 1 : 0) + (core && history[6] >= n * 4 && history[0] >= n ? 1 : 0)
}
