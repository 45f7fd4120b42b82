import { LoanRecords, ServiceErrorBody } from "../wire"
import { DEFAULT_MERCHANTS, type Sandbox } from "../index"
import { client, createLoan, POS_HEADERS, startQuietSandbox } from "./helpers"

const OTHER = { merchantId: 1003, apiToken: "other-token", name: "Otra Tienda", approved: true }

describe("GET /api/pos/loan/:cartId", () => {
  let sandbox: Sandbox

  beforeEach(async () => {
    sandbox = await startQuietSandbox({ merchants: [...DEFAULT_MERCHANTS, OTHER] })
  })
  afterEach(() => sandbox.close())

  const status = (cartId: string, headers: Record<string, string> = POS_HEADERS) =>
    client.get(`${sandbox.baseUrl}/api/pos/loan/${encodeURIComponent(cartId)}`, { headers })

  it.each([
    ["no headers", {}],
    ["a wrong api_token", { api_token: "nope", merchant_id: "1001" }],
    ["a merchant_id that is not a number", { api_token: "sandbox-api-token", merchant_id: "abc" }],
    ["an unapproved merchant", { api_token: "unapproved-token", merchant_id: "1002" }],
  ])("answers 401 with the error body for %s", async (_case, headers) => {
    const response = await status("cart_01", headers)
    expect(response.status).toBe(401)
    expect(ServiceErrorBody.parse(response.data)).toMatchObject({ status: 401, error: "Unauthorized", path: "/api/pos/loan/cart_01" })
  })

  it("answers an empty list for an unknown cart", async () => {
    const response = await status("cart_unknown")
    expect(response.status).toBe(200)
    expect(response.data).toEqual([])
  })

  it("answers the status record (docs/service-api.md, Status), amounts in their shortest form, with a null customer before payment", async () => {
    await createLoan(sandbox)
    const response = await status("cart_01")
    expect(response.status).toBe(200)
    const records = LoanRecords.parse(response.data)
    const loan = sandbox.state.loans.get(5001)
    expect(records).toEqual([
      {
        loanId: 5001,
        status: "REQUEST",
        zipCode: "06600",
        installments: 4,
        totalAmount: "1234.5",
        orderDiscount: "15.5",
        discountType: "a",
        authorizeDate: loan?.createdAt,
        products: [
          {
            id: "p-5001-1",
            externalId: "variant_chair",
            quantity: "2",
            unitPrice: "500",
            discount: null,
            discountType: null,
            discountPrice: null,
            title: "Silla Eames",
            description: "Walnut",
          },
          {
            id: "p-5001-2",
            externalId: "variant_lamp",
            quantity: "1",
            unitPrice: "200",
            discount: null,
            discountType: null,
            discountPrice: null,
            title: "Lámpara",
          },
        ],
        customer: { username: null, firstName: null, lastName: null, motherLastName: null, email: null, phone: null },
      },
    ])
  })

  it("fills the customer once the first installment is paid; authorizeDate stays the creation time", async () => {
    const { loanId } = await createLoan(sandbox)
    await sandbox.pay(loanId)
    const [record] = LoanRecords.parse((await status("cart_01")).data)
    expect(record.status).toBe("OUTSTANDING")
    expect(record.customer).toEqual({
      username: "ana@example.com",
      firstName: "Ana",
      lastName: "López",
      motherLastName: null,
      email: "ana@example.com",
      phone: "5512345678",
    })
    expect(record.authorizeDate).toBe(sandbox.state.loans.get(loanId)?.createdAt)
  })

  it("reports the payment time as authorizeDate only with the authorizeDateIsPaymentTime extension", async () => {
    await sandbox.close()
    sandbox = await startQuietSandbox({ extensions: { authorizeDateIsPaymentTime: true } })
    const { loanId } = await createLoan(sandbox)
    expect(LoanRecords.parse((await status("cart_01")).data)[0].authorizeDate).toBe(sandbox.state.loans.get(loanId)?.createdAt)
    await new Promise((resolve) => setTimeout(resolve, 5))
    await sandbox.pay(loanId)
    const paidAt = sandbox.state.loans.get(loanId)?.authorizeDate
    expect(paidAt).not.toBe(sandbox.state.loans.get(loanId)?.createdAt)
    expect(LoanRecords.parse((await status("cart_01")).data)[0].authorizeDate).toBe(paidAt)
  })

  it("reports a phone that is not ten digits as null, and no discount as 0 and ''", async () => {
    const { loanId } = await createLoan(sandbox, {
      totalPrice: 100,
      products: undefined,
      discount: undefined,
      buyer: { email: "b@example.com", phone: "+52 55 1234 5678" },
    })
    await sandbox.pay(loanId)
    const [record] = LoanRecords.parse((await status("cart_01")).data)
    expect(record).toMatchObject({ totalAmount: "100", orderDiscount: "0", discountType: "", zipCode: "", products: [] })
    expect(record.customer).toMatchObject({ phone: null, firstName: null, email: "b@example.com" })
  })

  it("writes every amount with two decimals only with the twoDecimalAmounts extension", async () => {
    await sandbox.close()
    sandbox = await startQuietSandbox({ extensions: { twoDecimalAmounts: true } })
    await createLoan(sandbox)
    const [record] = LoanRecords.parse((await status("cart_01")).data)
    expect(record).toMatchObject({ totalAmount: "1234.50", orderDiscount: "15.50" })
    expect(record.products.map((product) => product.unitPrice)).toEqual(["500.00", "200.00"])
  })

  it("answers one record per loan of the cart, and only the merchant's own", async () => {
    await createLoan(sandbox)
    await createLoan(sandbox)
    await createLoan(sandbox, { cartId: "cart_02" })
    const records = LoanRecords.parse((await status("cart_01")).data)
    expect(records.map((record) => record.loanId)).toEqual([5001, 5002])
    const other = await status("cart_01", { api_token: OTHER.apiToken, merchant_id: String(OTHER.merchantId) })
    expect(other.data).toEqual([])
  })

  it("decodes cart ids with reserved characters", async () => {
    await createLoan(sandbox, { cartId: "cart/with space" })
    const records = LoanRecords.parse((await status("cart/with space")).data)
    expect(records).toHaveLength(1)
  })
})
