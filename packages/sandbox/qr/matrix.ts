import { codewords, versionFor } from "./codewords"
import { penalty } from "./penalty"

/**
 * The modules of a QR code (ISO/IEC 18004, 6 and 7): function patterns first (finders,
 * timing, alignment, format and version areas), then the codewords in their zigzag, then the
 * mask that reads best. `true` is dark; rows top to bottom, no quiet zone.
 */
export function qrModules(text: string): boolean[][] {
  const bytes = new TextEncoder().encode(text)
  const version = versionFor(bytes.length)
  const grid = new Grid(version)
  grid.drawFunctionPatterns()
  grid.drawCodewords(codewords(bytes, version))
  let best = 0
  let bestScore = Infinity
  for (let mask = 0; mask < 8; mask++) {
    grid.applyMask(mask)
    grid.drawFormatBits(mask)
    const score = penalty(grid.modules)
    if (score < bestScore) [best, bestScore] = [mask, score]
    grid.applyMask(mask)
  }
  grid.applyMask(best)
  grid.drawFormatBits(best)
  return grid.modules
}

/** Level M's two format bits (ISO/IEC 18004, table 12). */
const LEVEL_M = 0b00

const MASKS: Array<(x: number, y: number) => boolean> = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
]

const bit = (value: number, index: number): boolean => ((value >>> index) & 1) !== 0

class Grid {
  readonly size: number
  readonly modules: boolean[][]
  private readonly reserved: boolean[][]

  constructor(private readonly version: number) {
    this.size = version * 4 + 17
    this.modules = Array.from({ length: this.size }, () => new Array<boolean>(this.size).fill(false))
    this.reserved = Array.from({ length: this.size }, () => new Array<boolean>(this.size).fill(false))
  }

  drawFunctionPatterns(): void {
    for (let i = 0; i < this.size; i++) {
      this.setFunction(6, i, i % 2 === 0)
      this.setFunction(i, 6, i % 2 === 0)
    }
    for (const [x, y] of [
      [3, 3],
      [this.size - 4, 3],
      [3, this.size - 4],
    ]) {
      this.drawSquares(x, y, 4, (distance) => distance !== 2 && distance !== 4)
    }
    const centres = this.alignmentCentres()
    const last = centres.length - 1
    centres.forEach((x, i) =>
      centres.forEach((y, j) => {
        // The three corners that hold finder patterns have no alignment pattern.
        if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return
        this.drawSquares(x, y, 2, (distance) => distance !== 1)
      }),
    )
    // Reserved now so that no codeword lands there; the real bits come with the mask.
    this.drawFormatBits(0)
    this.drawVersion()
  }

  /** Concentric squares around (x, y), dark where `dark(distance from the centre)` says. */
  private drawSquares(cx: number, cy: number, radius: number, dark: (distance: number) => boolean): void {
    for (let dy = -radius; dy <= radius; dy++) {
      for (let dx = -radius; dx <= radius; dx++) {
        const x = cx + dx
        const y = cy + dy
        if (x >= 0 && x < this.size && y >= 0 && y < this.size) this.setFunction(x, y, dark(Math.max(Math.abs(dx), Math.abs(dy))))
      }
    }
  }

  private alignmentCentres(): number[] {
    if (this.version === 1) return []
    const count = Math.floor(this.version / 7) + 2
    const step = this.version === 32 ? 26 : Math.ceil((this.version * 4 + 4) / (count * 2 - 2)) * 2
    const centres = [6]
    for (let position = this.size - 7; centres.length < count; position -= step) centres.splice(1, 0, position)
    return centres
  }

  /** The level and mask, BCH-protected, twice: around the top-left finder, and split beside the other two. */
  drawFormatBits(mask: number): void {
    const data = (LEVEL_M << 3) | mask
    let remainder = data
    for (let i = 0; i < 10; i++) remainder = (remainder << 1) ^ ((remainder >>> 9) * 0x537)
    const bits = ((data << 10) | remainder) ^ 0x5412
    for (let i = 0; i <= 5; i++) this.setFunction(8, i, bit(bits, i))
    this.setFunction(8, 7, bit(bits, 6))
    this.setFunction(8, 8, bit(bits, 7))
    this.setFunction(7, 8, bit(bits, 8))
    for (let i = 9; i < 15; i++) this.setFunction(14 - i, 8, bit(bits, i))
    for (let i = 0; i < 8; i++) this.setFunction(this.size - 1 - i, 8, bit(bits, i))
    for (let i = 8; i < 15; i++) this.setFunction(8, this.size - 15 + i, bit(bits, i))
    this.setFunction(8, this.size - 8, true)
  }

  /** Versions 7 and up carry their number, BCH-protected, beside two finders. */
  private drawVersion(): void {
    if (this.version < 7) return
    let remainder = this.version
    for (let i = 0; i < 12; i++) remainder = (remainder << 1) ^ ((remainder >>> 11) * 0x1f25)
    const bits = (this.version << 12) | remainder
    for (let i = 0; i < 18; i++) {
      const a = this.size - 11 + (i % 3)
      const b = Math.floor(i / 3)
      this.setFunction(a, b, bit(bits, i))
      this.setFunction(b, a, bit(bits, i))
    }
  }

  /** Two columns at a time from the right, up then down, skipping the vertical timing pattern. */
  drawCodewords(data: number[]): void {
    let i = 0
    for (let right = this.size - 1; right >= 1; right -= 2) {
      if (right === 6) right = 5
      for (let step = 0; step < this.size; step++) {
        for (let j = 0; j < 2; j++) {
          const x = right - j
          const upward = ((right + 1) & 2) === 0
          const y = upward ? this.size - 1 - step : step
          if (this.reserved[y][x] || i >= data.length * 8) continue
          this.modules[y][x] = bit(data[i >>> 3], 7 - (i & 7))
          i++
        }
      }
    }
  }

  /** Masking twice undoes it, which is how every mask is tried. */
  applyMask(mask: number): void {
    const flips = MASKS[mask]
    for (let y = 0; y < this.size; y++) {
      for (let x = 0; x < this.size; x++) {
        if (!this.reserved[y][x] && flips(x, y)) this.modules[y][x] = !this.modules[y][x]
      }
    }
  }

  private setFunction(x: number, y: number, dark: boolean): void {
    this.modules[y][x] = dark
    this.reserved[y][x] = true
  }
}
