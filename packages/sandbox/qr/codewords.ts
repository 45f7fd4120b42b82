import { errorCorrection, generatorPolynomial } from "./reed-solomon"

/**
 * What a QR code of error-correction level M carries (ISO/IEC 18004, tables 7 and 9): the
 * text in byte mode, padded, cut into blocks, each block followed by its error correction,
 * the blocks interleaved. Level M survives about 15% of the code damaged, enough for a screen
 * or a printed receipt; a checkout link fits in a version 4 to 6 code.
 */

/** Indexed by version (1 to 40); index 0 is unused. */
const ECC_CODEWORDS_PER_BLOCK = [
  0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
  28, 28, 28, 28,
]
const BLOCKS = [
  0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
]
export const MAX_VERSION = 40

const BYTE_MODE = 0b0100
const PAD_BYTES = [0xec, 0x11]

/** Modules left for data and error correction once the function patterns are drawn. */
export function rawDataModules(version: number): number {
  let modules = (16 * version + 128) * version + 64
  if (version >= 2) {
    const alignments = Math.floor(version / 7) + 2
    modules -= (25 * alignments - 10) * alignments - 55
    if (version >= 7) modules -= 36
  }
  return modules
}

function dataCapacity(version: number): number {
  return Math.floor(rawDataModules(version) / 8) - ECC_CODEWORDS_PER_BLOCK[version] * BLOCKS[version]
}

function countBits(version: number): number {
  return version <= 9 ? 8 : 16
}

/** The smallest version that holds `length` bytes. */
export function versionFor(length: number): number {
  for (let version = 1; version <= MAX_VERSION; version++) {
    if (4 + countBits(version) + 8 * length <= 8 * dataCapacity(version)) return version
  }
  throw new Error(`a QR code holds at most ${dataCapacity(MAX_VERSION) - 3} bytes; this text has ${length}`)
}

/** Every codeword of the code, in the order they are drawn. */
export function codewords(bytes: Uint8Array, version: number): number[] {
  return interleave(dataCodewords(bytes, version), version)
}

function dataCodewords(bytes: Uint8Array, version: number): number[] {
  const bits: number[] = []
  const append = (value: number, length: number): void => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1)
  }
  append(BYTE_MODE, 4)
  append(bytes.length, countBits(version))
  bytes.forEach((byte) => append(byte, 8))
  const capacityBits = 8 * dataCapacity(version)
  append(0, Math.min(4, capacityBits - bits.length))
  append(0, (8 - (bits.length % 8)) % 8)
  const data: number[] = []
  for (let i = 0; i < bits.length; i += 8) data.push(parseInt(bits.slice(i, i + 8).join(""), 2))
  for (let pad = 0; data.length < capacityBits / 8; pad++) data.push(PAD_BYTES[pad % 2])
  return data
}

/** Short blocks come first and hold one data codeword fewer than the long ones. */
function interleave(data: number[], version: number): number[] {
  const blockCount = BLOCKS[version]
  const eccLength = ECC_CODEWORDS_PER_BLOCK[version]
  const total = Math.floor(rawDataModules(version) / 8)
  const shortBlocks = blockCount - (total % blockCount)
  const shortLength = Math.floor(total / blockCount)
  const generator = generatorPolynomial(eccLength)
  const blocks: number[][] = []
  for (let i = 0, start = 0; i < blockCount; i++) {
    const block = data.slice(start, start + shortLength - eccLength + (i < shortBlocks ? 0 : 1))
    start += block.length
    const ecc = errorCorrection(block, generator)
    if (i < shortBlocks) block.push(0)
    blocks.push([...block, ...ecc])
  }
  const result: number[] = []
  for (let i = 0; i < blocks[0].length; i++) {
    blocks.forEach((block, j) => {
      // The placeholder that evens the short blocks' length is not a codeword.
      if (i !== shortLength - eccLength || j >= shortBlocks) result.push(block[i])
    })
  }
  return result
}
