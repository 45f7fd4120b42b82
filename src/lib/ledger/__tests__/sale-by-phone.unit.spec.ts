import { askedOf, loansPayingCollection, type PhoneSaleCollectionRow, type PhoneSaleOrderRow } from "../sale-by-phone"

const order = (fields: Partial<PhoneSaleOrderRow>): PhoneSaleOrderRow => ({
  id: "order_1",
  status: "pending",
  currency_code: "mxn",
  total: 1500,
  ...fields,
})
const collection = (fields: Partial<PhoneSaleCollectionRow>): PhoneSaleCollectionRow => ({
  id: "pay_col_1",
  status: "not_paid",
  amount: 300,
  currency_code: "mxn",
  ...fields,
})
const session = (loanId: number, cartId: string, provider = "pp_bnpl_bnpl") => ({
  id: `payses_${loanId}`,
  provider_id: provider,
  status: "pending",
  amount: 300,
  currency_code: "mxn",
  data: { service_cart_id: cartId, loan_id: loanId, checkout_url: "https://pay.test", amount: "300.00", currency_code: "mxn" },
})

describe("what an order asks a sale by phone for (askedOf)", () => {
  it("an open collection's amount, never the order's total", () => {
    expect(
      askedOf(order({ payment_collections: [collection({ status: "paid", amount: 1200 }), collection({ id: "pay_col_2", amount: 300 })] })),
    ).toEqual({
      collection: expect.objectContaining({ id: "pay_col_2" }),
      amount: 300,
      currency: "mxn",
    })
  })

  it("an order whose collections are all paid asks nothing: its total is never asked twice", () => {
    expect(askedOf(order({ payment_collections: [collection({ status: "paid", amount: 1500 })] }))).toBeUndefined()
    expect(askedOf(order({ payment_collections: [collection({ amount: 0 })] }))).toBeUndefined()
  })

  it("an order that never had a collection (a converted draft order) asks its whole total, unless cancelled or free", () => {
    expect(askedOf(order({ payment_collections: [] }))).toEqual({ amount: 1500, currency: "mxn" })
    expect(askedOf(order({ status: "canceled", payment_collections: [] }))).toBeUndefined()
    expect(askedOf(order({ total: 0, payment_collections: [] }))).toBeUndefined()
    expect(askedOf(order({ status: "canceled", payment_collections: [collection({})] }))).toBeUndefined()
  })
})

describe("the loans that may pay a collection (loansPayingCollection)", () => {
  it("its sessions' loans and the ledger's undecided rows, each loan once, newest first; other providers' sessions are none", () => {
    const paying = collection({
      payment_sessions: [session(11, "pay_col_1.a"), session(12, "pay_col_1", "pp_stripe_stripe"), session(13, "pay_col_1.b")],
    })
    expect(
      loansPayingCollection(paying, [
        { service_cart_id: "pay_col_1.b", loan_id: 13 },
        { service_cart_id: "pay_col_1.c", loan_id: 14 },
      ]),
    ).toEqual([
      { service_cart_id: "pay_col_1.c", loan_id: 14 },
      { service_cart_id: "pay_col_1.b", loan_id: 13 },
      { service_cart_id: "pay_col_1.a", loan_id: 11 },
    ])
  })
})
