import { toSnapshot } from "../attach-cart-snapshot"

const cart = {
  id: "cart_1",
  email: "a@b.test",
  currency_code: "mxn",
  item_subtotal: 300,
  shipping_subtotal: 99,
  discount_subtotal: 0,
  total: 399,
  items: [{ id: "item_1", title: "Mug", subtitle: "Blue", thumbnail: null, quantity: 3, unit_price: 100 }],
  shipping_methods: [{ name: "Standard" }],
  shipping_address: { first_name: "Ana", last_name: "G", address_1: "Calle 1", city: "CDMX", postal_code: "01000", phone: "5512345678" },
}

describe("cart snapshot", () => {
  it("carries the cart's items, shipping, buyer and total", () => {
    expect(toSnapshot(cart)).toEqual({
      cartId: "cart_1",
      currencyCode: "mxn",
      email: "a@b.test",
      items: [{ id: "item_1", title: "Mug", description: "Blue", quantity: 3, unitPrice: "100.00" }],
      shipping: { title: "Standard", amount: "99.00" },
      discount: "0.00",
      taxes: "0.00",
      total: "399.00",
      address: { firstName: "Ana", lastName: "G", addressLine: "Calle 1, CDMX", postalCode: "01000", phone: "5512345678" },
    })
  })

  it("puts what the lines do not explain into taxes, so the parts always add up to the total", () => {
    const taxed = toSnapshot({ ...cart, total: 462.84, discount_subtotal: 10 })
    expect(taxed.taxes).toBe("73.84") // 462.84 - (300 + 99 - 10)
    expect(taxed.discount).toBe("10.00")
  })

  it("folds a negative remainder (tax-inclusive prices) into the discount", () => {
    const inclusive = toSnapshot({ ...cart, total: 380 })
    expect(inclusive).toMatchObject({ taxes: "0.00", discount: "19.00" })
  })
})
