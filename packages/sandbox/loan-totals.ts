import type { LoanRequest } from "./wire"
import { centsToDecimal, hasAtMostTwoDecimals, numberToCents } from "./money"

/** Rounding of each line may leave a cent either way; more than that is an error in the cart. */
const TOLERANCE_CENTS = 1

/**
 * Why a loan request's amounts do not add up, or null when they do. Checked only when
 * products are sent, since products are optional and the total alone is then authoritative.
 */
export function totalsProblem(request: LoanRequest): string | null {
  if (!hasAtMostTwoDecimals(request.totalPrice)) {
    return `totalPrice: ${request.totalPrice} has more than two decimals; amounts are pesos to the cent`
  }
  const { products = [], shipping, taxes, discount } = request
  if (products.length === 0) return null
  const itemsCents = products.reduce((sum, product) => sum + numberToCents(product.price) * product.count, 0)
  const expected = itemsCents + cents(shipping) + cents(taxes) - cents(discount)
  const given = numberToCents(request.totalPrice)
  if (Math.abs(expected - given) <= TOLERANCE_CENTS) return null
  return `totalPrice: ${centsToDecimal(given)} does not match products + shipping + taxes - discount = ` + `${centsToDecimal(expected)}`
}

function cents(priced: { price: number } | undefined): number {
  return priced ? numberToCents(priced.price) : 0
}
