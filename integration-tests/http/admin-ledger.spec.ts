import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { BNPL_LEDGER_MODULE, type BnplLedgerService } from "../../src/modules/bnpl"
import type { LedgerLoan } from "../../src/modules/bnpl/types"
import { refundRequests, useSandbox } from "../helpers/environment"
import { adminHeaders, ordersOfCart, useStorefront } from "../helpers/store"

jest.setTimeout(90_000)

const env = useSandbox()

type NewRow = Partial<LedgerLoan> & Pick<LedgerLoan, "loan_id" | "service_cart_id">

/**
 * The admin's side of the loan ledger: the list behind the loans page and the
 * two row actions. Rows are written through the ledger module's own service,
 * as the plugin's workflows write them; loan ids from 900001 up are not ones
 * the sandbox hands out in these tests.
 */
medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    const shop = useStorefront(env, api, getContainer)

    const ledger = () => getContainer().resolve<BnplLedgerService>(BNPL_LEDGER_MODULE)

    /** One at a time, so that each row has its own created_at, as loans made one after another do. */
    async function insert(rows: NewRow[]): Promise<LedgerLoan[]> {
      const created: LedgerLoan[] = []
      for (const row of rows) created.push(await ledger().createBnplLoans({ amount: "1500.00", currency_code: "mxn", ...row }))
      return created
    }

    /** Three rows a merchant would see: one ordered, one open, one on the attention list. */
    async function sampleLedger() {
      const [ordered, open, attention] = await insert([
        { loan_id: 900001, service_cart_id: "cart_01ORDERED", order_id: "order_01PLACED", state: "ordered", loan_status: "OUTSTANDING" },
        { loan_id: 900002, service_cart_id: "cart_01OPEN", state: "open" },
        {
          loan_id: 900003,
          service_cart_id: "cart_01STUCK",
          state: "needs_attention",
          loan_status: "OUTSTANDING",
          completion_failures: 3,
          attention_reason: "The cart could not be completed 3 times: an item is out of stock.",
        },
      ])
      return { ordered, open, attention }
    }

    const get = async (query: string) => api.get(`/admin/bnpl/loans${query}`, await adminHeaders(api))
    const post = async (path: string, body: unknown = {}) => api.post(`/admin/bnpl/loans/${path}`, body, await adminHeaders(api))
    const loanIds = (response: { data: { loans: Array<{ loan_id: number }> } }) => response.data.loans.map((loan) => loan.loan_id)

    it("answers 401 on every ledger route without an admin session", async () => {
      const anonymous = { validateStatus: () => true }
      const { attention } = await sampleLedger()
      const answers = await Promise.all([
        api.get("/admin/bnpl/loans", anonymous),
        api.post(`/admin/bnpl/loans/${attention.id}/retry-completion`, {}, anonymous),
        api.post(`/admin/bnpl/loans/${attention.id}/refund`, {}, anonymous),
      ])
      expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401])
    })

    it("lists the ledger newest first, with the count and the page it answers", async () => {
      await sampleLedger()

      const response = await get("")

      expect(response.status).toBe(200)
      expect(response.data).toEqual(expect.objectContaining({ count: 3, limit: 20, offset: 0 }))
      expect(loanIds(response)).toEqual([900003, 900002, 900001])
      expect(response.data.loans[2]).toEqual(
        expect.objectContaining({
          id: expect.stringMatching(/^bnplloan_/),
          service_cart_id: "cart_01ORDERED",
          order_id: "order_01PLACED",
          amount: 1500,
          currency_code: "mxn",
          loan_status: "OUTSTANDING",
          state: "ordered",
          refunded_at_service: 0,
          refunded_in_medusa: 0,
          created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        }),
      )
      // Amounts in major units, as Medusa's admin API answers them, without the module's raw values.
      expect(Object.keys(response.data.loans[2]).filter((key) => key.startsWith("raw_"))).toEqual([])
    })

    it("filters the attention list, with the reason an admin acts on", async () => {
      const { attention } = await sampleLedger()

      const response = await get("?state=needs_attention")

      expect(response.status).toBe(200)
      expect(response.data.count).toBe(1)
      expect(response.data.loans).toEqual([
        expect.objectContaining({
          id: attention.id,
          loan_id: 900003,
          state: "needs_attention",
          completion_failures: 3,
          attention_reason: "The cart could not be completed 3 times: an item is out of stock.",
        }),
      ])
      expect(loanIds(await get("?state=open"))).toEqual([900002])
    })

    it("finds a loan by its id, by part of its cart id or by its order id", async () => {
      await sampleLedger()

      expect(loanIds(await get("?q=900002"))).toEqual([900002])
      expect(loanIds(await get("?q=stuck"))).toEqual([900003])
      expect(loanIds(await get("?q=order_01PLACED"))).toEqual([900001])
      expect(loanIds(await get(`?q=${encodeURIComponent("%")}`))).toEqual([]) // a wildcard typed is a literal character
      expect(loanIds(await get("?q=cart_01&state=open"))).toEqual([900002])
    })

    it("pages and orders as Medusa's own lists do", async () => {
      await sampleLedger()

      const first = await get("?limit=2&offset=0&order=loan_id")
      const second = await get("?limit=2&offset=2&order=loan_id")

      expect([first.status, second.status]).toEqual([200, 200])
      expect(loanIds(first)).toEqual([900001, 900002])
      expect(loanIds(second)).toEqual([900003])
      expect(second.data).toEqual(expect.objectContaining({ count: 3, limit: 2, offset: 2 }))
    })

    it.each([
      ["?state=stuck", "state"],
      ["?limit=0", "limit"],
      ["?limit=many", "limit"],
      ["?offset=-1", "offset"],
      ["?order=amount", "order"],
      ["?colour=red", "colour"],
    ])("answers 400 naming the field for the query %s", async (query, field) => {
      const response = await get(query)

      expect(response.status).toBe(400)
      expect(response.data.type).toBe("invalid_data")
      expect(response.data.message).toContain(field)
    })

    it.each(["retry-completion", "refund"])("answers 404 for a loan not in the ledger (%s)", async (action) => {
      const response = await post(`bnplloan_01DOESNOTEXIST/${action}`)

      expect(response.status).toBe(404)
      expect(response.data).toEqual({ type: "not_found", message: "Loan bnplloan_01DOESNOTEXIST is not in the loan ledger." })
    })

    it.each(["retry-completion", "refund"])("refuses a body with options it does not take (%s)", async (action) => {
      const { attention } = await sampleLedger()

      const response = await post(`${attention.id}/${action}`, { amount: 100 })

      expect(response.status).toBe(400)
      expect(response.data.message).toContain("amount")
      expect(env.sandbox.state.requests).toHaveLength(0)
    })

    /**
     * A loan the customer paid whose webhook never arrived and whose cart was not completed,
     * put on the attention list as the plugin does after its failed completions.
     */
    async function stuckPaidLoan() {
      const cart = await shop.cart()
      const session = await shop.bnplSession(cart.id)
      env.sandbox.setFaults({ webhook: { dropRate: 1 } })
      await env.sandbox.pay(session.data.loan_id)
      env.sandbox.setFaults({})
      const [row] = await ledger().listBnplLoans({ loan_id: session.data.loan_id })
      expect(row).toEqual(expect.objectContaining({ service_cart_id: cart.id, amount: Number(session.data.amount) })) // written when the loan was made
      await ledger().updateBnplLoans({
        id: row.id,
        state: "needs_attention",
        loan_status: "OUTSTANDING",
        attention_reason: "The cart could not be completed 3 times.",
      })
      return { cart, row, loanId: session.data.loan_id, amount: session.data.amount }
    }

    it("retries the completion of a loan on the attention list: its cart becomes the order", async () => {
      const { cart, row } = await stuckPaidLoan()

      const response = await post(`${row.id}/retry-completion`)

      expect(response.status).toBe(200)
      const orders = await ordersOfCart(getContainer(), cart.id)
      expect(orders).toHaveLength(1)
      expect(response.data.loan).toEqual({ ledger_id: row.id, state: "ordered", order_id: orders[0].order_id, attention_reason: null })
      expect(await ledger().retrieveBnplLoan(row.id)).toEqual(expect.objectContaining({ state: "ordered", order_id: orders[0].order_id }))
    })

    it("refunds a loan on the attention list in full at the service, once, and places no order", async () => {
      const { cart, row, amount } = await stuckPaidLoan()

      const response = await post(`${row.id}/refund`)

      expect(response.status).toBe(200)
      expect(response.data.loan).toEqual({ ledger_id: row.id, state: "refunded", refunded_at_service: amount })
      expect(refundRequests(env.sandbox, cart.id)).toHaveLength(1)
      expect(await ledger().retrieveBnplLoan(row.id)).toEqual(expect.objectContaining({ state: "refunded", refunded_at_service: Number(amount) }))
      expect(await ordersOfCart(getContainer(), cart.id)).toEqual([])
    })

    it("refuses to refund a loan that is an order's payment, and says where to refund it", async () => {
      const cart = await shop.cart()
      const session = await shop.bnplSession(cart.id)
      await env.sandbox.pay(session.data.loan_id)
      expect((await shop.complete(cart.id)).data.type).toBe("order")
      const [row] = await ledger().listBnplLoans({ loan_id: session.data.loan_id })

      const response = await post(`${row.id}/refund`)

      expect(response.status).toBe(400)
      expect(response.data.type).toBe("not_allowed")
      expect(response.data.message).toContain("refund it from the order")
      expect(refundRequests(env.sandbox, cart.id)).toEqual([])
    })
  },
})
