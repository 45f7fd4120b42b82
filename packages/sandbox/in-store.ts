import type { LoanProduct, LoanRequest, PosLoanRequest, StatusProduct } from "./wire"
import { findBranch } from "./branches"
import type { SandboxContext } from "./context"
import { createLoan } from "./loans"
import { decimalToCents } from "./money"
import { OUTBOX_CHANNELS, sendCheckoutLink } from "./outbox"
import { type Loan, loansOfCart, type Merchant, type OutboxMessage } from "./state"

export type InStoreOutcome = { kind: "created"; loan: Loan; message: OutboxMessage } | { kind: "unknown-branch" } | { kind: "cart-taken"; loan: Loan }

/**
 * An in-store sale (docs/sandbox.md, "Sales by phone"): a loan for the customer's phone at one
 * of the merchant's branches, whose checkout link goes to the phone by WhatsApp or SMS, or is
 * shown as a QR code. From then on it is a loan like an online one. The documentation makes
 * `cartId` unique across the merchant's branches, so a cart that has any loan already (online or
 * in-store, paid, waiting or cancelled) gets no second one here.
 */
export function createInStoreLoan(ctx: SandboxContext, merchant: Merchant, request: PosLoanRequest): InStoreOutcome {
  if (!findBranch(ctx.state, merchant.merchantId, request.shopId)) return { kind: "unknown-branch" }
  const existing = loansOfCart(ctx.state, merchant.merchantId, request.cartId).at(-1)
  if (existing) return { kind: "cart-taken", loan: existing }
  const loan = createLoan(ctx, merchant, loanTerms(ctx, request), request)
  const message = sendCheckoutLink(ctx, loan, request.custLogin, OUTBOX_CHANNELS[request.commChannel])
  return { kind: "created", loan, message }
}

/**
 * The in-store request in the online request's words. A customer paying on a phone has no
 * store page to return to, so the sandbox's own pages stand in for the three URLs. Prices
 * include taxes (spec 2.2), so `taxes` adds nothing; a percentage discount is informational.
 */
function loanTerms(ctx: SandboxContext, request: PosLoanRequest): LoanRequest {
  const pages = `${ctx.publicUrl()}/checkout`
  const pesos = (decimal: string): number => decimalToCents(decimal) / 100
  const amountOff = request.discountType === "a" && request.orderDiscount ? pesos(request.orderDiscount) : 0
  return {
    totalPrice: request.totalAmount,
    shopId: request.shopId,
    cartId: request.cartId,
    successUrl: `${pages}/paid`,
    errorUrl: `${pages}/not-paid`,
    cartUrl: `${pages}/not-paid`,
    webHookUrl: request.webhookUrl,
    buyer: { phone: request.custLogin },
    ...(request.products ? { products: request.products.map(productTerms) } : {}),
    ...(amountOff > 0 ? { discount: { price: amountOff, title: "" } } : {}),
  }
}

/** The price the customer pays for the item is its discounted one, when it has one. */
function productTerms(product: StatusProduct): LoanProduct {
  return {
    id: product.externalId,
    count: Number(product.quantity),
    price: decimalToCents(product.discountPrice ?? product.unitPrice) / 100,
    title: product.title,
    ...(product.description === undefined ? {} : { description: product.description }),
  }
}
