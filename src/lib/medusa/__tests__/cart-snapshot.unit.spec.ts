import { loanLines, type CartSnapshot } from "../cart-snapshot"

const cart: CartSnapshot = {
  cartId: "cart_1",
  currencyCode: "mxn",
  replacesLoan: false,
  email: "a@b.test",
  items: [{ id: "item_1", title: "Mug", quantity: 3, unitPrice: "100.00" }],
  shipping: { title: "Standard", amount: "99.00" },
  discount: "10.00",
}

const sum = (lines: ReturnType<typeof loanLines>) =>
  (lines.products ?? []).reduce((s, p) => s + p.price * p.count, 0) +
  (lines.shipping?.price ?? 0) +
  (lines.taxes?.price ?? 0) -
  (lines.discount?.price ?? 0)

describe("the loan's lines", () => {
  it("put what products, shipping and discount do not explain into taxes, so the parts add up to the amount", () => {
    const lines = loanLines(cart, 462.84)
    expect(lines.taxes).toEqual({ price: 73.84, title: "Taxes" }) // 462.84 - (300 + 99 - 10)
    expect(lines.discount).toEqual({ price: 10, title: "Discount" })
    expect(sum(lines)).toBeCloseTo(462.84, 2)
  })

  it("fold a negative remainder (tax-inclusive prices) into the discount", () => {
    const lines = loanLines(cart, 380)
    expect(lines.taxes).toBeUndefined()
    expect(lines.discount).toEqual({ price: 19, title: "Discount" })
    expect(sum(lines)).toBeCloseTo(380, 2)
  })

  it("carry the buyer from the cart's email and address", () => {
    const lines = loanLines({ ...cart, address: { firstName: "Ana", postalCode: "01000" } }, 389)
    expect(lines.buyer).toEqual({ email: "a@b.test", firstName: "Ana", postalCode: "01000" })
    expect(lines.taxes).toBeUndefined()
  })
})
