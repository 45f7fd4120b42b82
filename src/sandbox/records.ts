import type { LoanProduct, LoanRecord, StatusProduct } from "./wire"
import type { SandboxExtensions } from "./options"
import { centsToDecimal, centsToShortDecimal, numberToCents } from "./money"
import type { Loan } from "./state"

/**
 * A loan as the status query reports it (docs/service-api.md, "Status"). `authorizeDate` is
 * "the date the order was created" in the spec, though its name speaks of an authorization:
 * the `authorizeDateIsPaymentTime` extension plays that other reading.
 */
export function loanRecord(loan: Loan, extensions: Pick<SandboxExtensions, "twoDecimalAmounts" | "authorizeDateIsPaymentTime">): LoanRecord {
  const pesos = (amount: number): string => (extensions.twoDecimalAmounts ? centsToDecimal : centsToShortDecimal)(numberToCents(amount))
  const { discount, buyer, products = [] } = loan.request
  return {
    loanId: loan.loanId,
    status: loan.status,
    zipCode: buyer?.postalCode ?? "",
    installments: loan.installments,
    totalAmount: pesos(loan.request.totalPrice),
    orderDiscount: pesos(discount?.price ?? 0),
    discountType: discount ? "a" : "",
    authorizeDate: (extensions.authorizeDateIsPaymentTime && loan.authorizeDate) || loan.createdAt,
    products: products.map((product, index) => productRecord(loan.loanId, product, index, pesos)),
    customer: { ...loan.customer },
  }
}

function productRecord(loanId: number, product: LoanProduct, index: number, pesos: (amount: number) => string): StatusProduct {
  return {
    id: `p-${loanId}-${index + 1}`,
    externalId: product.id,
    quantity: String(product.count),
    unitPrice: pesos(product.price),
    discount: null,
    discountType: null,
    discountPrice: null,
    title: product.title,
    ...(product.description === undefined ? {} : { description: product.description }),
  }
}
