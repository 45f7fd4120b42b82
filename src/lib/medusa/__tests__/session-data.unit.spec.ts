import { readSessionData } from "../session-data"

const written = { loan_id: 41, checkout_url: "https://service.test/checkout/41", amount: "1234.50", currency_code: "mxn", loan_status: "REQUEST" }

describe("the session data of a loan", () => {
  it("reads the service's cartId from service_cart_id", () => {
    expect(readSessionData({ ...written, service_cart_id: "pay_col_1.k1" })).toEqual({ ...written, service_cart_id: "pay_col_1.k1" })
  })

  it("reads data an older version stored in payment_session.data or payment.data, whose cartId is cart_id", () => {
    expect(readSessionData({ ...written, cart_id: "cart_1" })).toEqual({ ...written, service_cart_id: "cart_1" })
  })

  it("reads a sale by phone stored by an older version with its in_store details", () => {
    const in_store = { phone: "5512345678", channel: "w", shop_id: "1" }
    expect(readSessionData({ ...written, cart_id: "pay_col_1.k1", in_store })).toEqual({ ...written, service_cart_id: "pay_col_1.k1", in_store })
  })

  it("prefers service_cart_id when data carries both names", () => {
    expect(readSessionData({ ...written, cart_id: "cart_old", service_cart_id: "cart_new" })?.service_cart_id).toBe("cart_new")
  })

  it("reads nothing from data without a cartId under either name", () => {
    expect(readSessionData(written)).toBeUndefined()
    expect(readSessionData(null)).toBeUndefined()
  })
})
