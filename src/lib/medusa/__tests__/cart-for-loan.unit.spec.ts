import { cartForLoan, toSnapshot } from "../cart-for-loan"

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

  describe("what the payment collection already holds (cartForLoan)", () => {
    type Session = { provider_id: string; status: string }
    const row = (sessions: Session[], completedAt?: Date) => ({
      ...cart,
      completed_at: completedAt ?? null,
      region_id: "reg_1",
      provider_in_region: true,
      collection_amount: "399.5",
      collection_currency_code: "mxn",
      sessions: sessions.map((session, i) => ({ id: `payses_${i}`, ...session })),
    })
    const read = async (sessions: Session[], completedAt?: Date) => cartForLoan(row(sessions, completedAt))

    it("replaces an earlier loan only when a pp_bnpl_bnpl session is there", async () => {
      expect((await read([])).snapshot.replacesLoan).toBe(false)
      expect((await read([{ provider_id: "pp_system_default", status: "pending" }])).snapshot.replacesLoan).toBe(false)
      expect((await read([{ provider_id: "pp_bnpl_bnpl", status: "pending" }])).snapshot.replacesLoan).toBe(true)
    })

    it("calls the cart paid when it is an order, or any of its sessions is authorized or captured", async () => {
      expect((await read([{ provider_id: "pp_bnpl_bnpl", status: "pending" }])).paid).toBe(false)
      expect((await read([{ provider_id: "pp_bnpl_bnpl", status: "canceled" }])).paid).toBe(false)
      expect((await read([{ provider_id: "pp_system_default", status: "authorized" }])).paid).toBe(true)
      expect((await read([{ provider_id: "pp_bnpl_bnpl", status: "captured" }])).paid).toBe(true)
      expect((await read([], new Date())).paid).toBe(true)
    })

    it("holds what Medusa's session creation reads: the collection's amount and currency, and every session it replaces", async () => {
      const sessions = [
        { provider_id: "pp_bnpl_bnpl", status: "pending" },
        { provider_id: "pp_system_default", status: "canceled" },
      ]
      expect((await read(sessions)).collection).toEqual({ amount: 399.5, currency_code: "mxn", session_ids: ["payses_0", "payses_1"] })
    })

    it("names the region of an open cart whose providers leave the one asked for out, as Medusa's region check does", async () => {
      expect(cartForLoan(row([])).regionRefusing).toBeUndefined()
      expect(cartForLoan({ ...row([]), provider_in_region: false }).regionRefusing).toBe("reg_1")
      expect(cartForLoan({ ...row([], new Date()), provider_in_region: false }).regionRefusing).toBeUndefined()
      expect(cartForLoan({ ...row([]), region_id: null, provider_in_region: false }).regionRefusing).toBeUndefined()
    })
  })

  it("copes with a cart without shipping or address", () => {
    const bare = toSnapshot({ id: "cart_2", currency_code: "mxn", items: [] }, false)
    expect(bare).toEqual({ cartId: "cart_2", currencyCode: "mxn", replacesLoan: false, items: [], discount: "0.00" })
  })
})
