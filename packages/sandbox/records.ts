import type { LoanProduct, LoanRecord, PosLoanRequest, StatusProduct } from "./wire"
import type { SandboxExtensions } from "./options"
import { centsToDecimal, centsToShortDecimal, decimalToCents, numberToCents } from "./money"
import type { Loan } from "./state"

type Amount = (cents: number) => string
type Described = Pick<LoanRecord, "orderDiscount" | "discountType" | "products">

/**
 * A loan as the status query reports it (docs/service-api.md, "Status"). `authorizeDate` is
 * "the date the order was created" in the spec, though its name speaks of an authorization:
 * the `authorizeDateIsPaymentTime` extension plays that other reading.
 */
export function loanRecord(loan: Loan, extensions: Pick<SandboxExtensions, "twoDecimalAmounts" | "authorizeDateIsPaymentTime">): LoanRecord {
  const amount: Amount = extensions.twoDecimalAmounts ? centsToDecimal : centsToShortDecimal
  const described = loan.posRequest ? inStoreDetails(loan.posRequest, amount) : onlineDetails(loan, amount)
  return {
    loanId: loan.loanId,
    status: loan.status,
    zipCode: loan.request.buyer?.postalCode ?? "",
    installments: loan.installments,
    totalAmount: amount(numberToCents(loan.request.totalPrice)),
    orderDiscount: described.orderDiscount,
    discountType: described.discountType,
    authorizeDate: (extensions.authorizeDateIsPaymentTime && loan.authorizeDate) || loan.createdAt,
    products: described.products,
    customer: { ...loan.customer },
  }
}

function onlineDetails(loan: Loan, amount: Amount): Described {
  const { discount, products = [] } = loan.request
  return {
    orderDiscount: amount(numberToCents(discount?.price ?? 0)),
    discountType: discount ? "a" : "",
    products: products.map((product, index) => productRecord(loan.loanId, product, index, amount)),
  }
}

function productRecord(loanId: number, product: LoanProduct, index: number, amount: Amount): StatusProduct {
  return {
    id: `p-${loanId}-${index + 1}`,
    externalId: product.id,
    quantity: String(product.count),
    unitPrice: amount(numberToCents(product.price)),
    discount: null,
    discountType: null,
    discountPrice: null,
    title: product.title,
    ...(product.description === undefined ? {} : { description: product.description }),
  }
}

/** An in-store request already speaks the record's words: its discount and products come back as sent. */
function inStoreDetails(request: PosLoanRequest, amount: Amount): Described {
  const decimal = (value: string | null | undefined): string | null => (value === null || value === undefined ? null : amount(decimalToCents(value)))
  return {
    orderDiscount: decimal(request.orderDiscount) ?? amount(0),
    discountType: request.discountType ?? "",
    products: (request.products ?? []).map((product) => ({
      id: product.id,
      externalId: product.externalId,
      quantity: product.quantity,
      unitPrice: amount(decimalToCents(product.unitPrice)),
      discount: decimal(product.discount),
      discountType: product.discountType ?? null,
      discountPrice: decimal(product.discountPrice),
      title: product.title,
      ...(product.description === undefined ? {} : { description: product.description }),
    })),
  }
}
