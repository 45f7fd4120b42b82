/**
 * Reed-Solomon error correction over GF(2^8), reduced by x^8 + x^4 + x^3 + x^2 + 1 as QR codes
 * are (ISO/IEC 18004, 7.5.2): the codewords that let a camera read a code that is partly
 * smudged, folded or in glare.
 */
const FIELD_POLYNOMIAL = 0x11d

/** Multiplication in the field: carry-less, reduced bit by bit. */
function multiply(x: number, y: number): number {
  let product = 0
  for (let bit = 7; bit >= 0; bit--) {
    product = (product << 1) ^ ((product >>> 7) * FIELD_POLYNOMIAL)
    product ^= ((y >>> bit) & 1) * x
  }
  return product
}

/** The generator polynomial (x - 1)(x - 2)(x - 4)… of `degree`, highest power first, its leading 1 left out. */
export function generatorPolynomial(degree: number): number[] {
  const coefficients = new Array<number>(degree).fill(0)
  coefficients[degree - 1] = 1
  let root = 1
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < degree; j++) {
      coefficients[j] = multiply(coefficients[j], root)
      if (j + 1 < degree) coefficients[j] ^= coefficients[j + 1]
    }
    root = multiply(root, 0x02)
  }
  return coefficients
}

/** The error-correction codewords of a block: the remainder of its division by the generator. */
export function errorCorrection(data: number[], generator: number[]): number[] {
  const remainder = new Array<number>(generator.length).fill(0)
  for (const byte of data) {
    const factor = byte ^ (remainder.shift() ?? 0)
    remainder.push(0)
    generator.forEach((coefficient, i) => (remainder[i] ^= multiply(coefficient, factor)))
  }
  return remainder
}
