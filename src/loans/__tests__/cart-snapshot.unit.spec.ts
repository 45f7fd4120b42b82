import { toSnapshot } from "../cart-snapshot"

const cart = {
  id: "cart_1",
  email: "a@b.test",
  currency_code: "mxn",
  items: [{ id: "item_1", title: "Mug", subtitle: "Blue", thumbnail: null, quantity: 3, unit_price: 100, adjustments: [{ amount: 10 }] }],
  shipping_methods: [{ name: "Standard", amount: 99, adjustments: [] }],
  shipping_address: { first_name: "Ana", last_name: "G", address_1: "Calle 1", city: "CDMX", postal_code: "01000", phone: "5512345678" },
}

describe("cart snapshot", () => {
  it("carries the cart's items, shipping, discounts and buyer, read from raw lines", () => {
    expect(toSnapshot(cart, false)).toEqual({
      cartId: "cart_1",
      currencyCode: "mxn",
      replacesLoan: false,
      email: "a@b.test",
      items: [{ id: "item_1", title: "Mug", description: "Blue", quantity: 3, unitPrice: "100.00" }],
      shipping: { title: "Standard", amount: "99.00" },
      discount: "10.00",
      address: { firstName: "Ana", lastName: "G", addressLine: "Calle 1, CDMX", postalCode: "01000", phone: "5512345678" },
    })
  })

  it("says when it replaces an earlier loan of the same payment collection", () => {
    expect(toSnapshot(cart, true).replacesLoan).toBe(true)
  })

  it("copes with a cart without shipping or address", () => {
    const bare = toSnapshot({ id: "cart_2", currency_code: "mxn", items: [] }, false)
    expect(bare).toEqual({ cartId: "cart_2", currencyCode: "mxn", replacesLoan: false, items: [], discount: "0.00" })
  })
})
