import type { BookEntry, LedgerLoan } from "../../../modules/bnpl/types"
import type { LoanRecord } from "../../service/wire"
import { type CartFacts, decideBeforeService, decideWithService, type LoanFacts } from "../confirmation"

const row = (over: Partial<LedgerLoan> = {}) =>
  ({
    id: "bnplloan_1",
    loan_id: 7,
    service_cart_id: "cart_1",
    state: "open",
    loan_status: "REQUEST",
    completion_started_at: null,
    ...over,
  }) as LedgerLoan

const facts = (over: Partial<CartFacts> = {}): CartFacts => ({
  cartId: "cart_1",
  holder: { type: "cart", cart_id: "cart_1" },
  loanId: 7,
  force: false,
  session: { id: "payses_1", status: "pending", provider_id: "pp_bnpl_bnpl", amount: 1500, currency_code: "mxn", data: { loan_id: 7 } },
  otherAuthorized: false,
  paymentCollectionId: "pay_col_1",
  row: row(),
  cartTotal: 1500,
  ...over,
})

const loan = (over: Partial<LoanRecord> = {}) =>
  ({ loanId: 7, status: "OUTSTANDING", totalAmount: "1500.00", authorizeDate: "2026-11-27T10:00:00Z", ...over }) as LoanRecord

const found = (over: Partial<LoanFacts> = {}): LoanFacts => ({ loan: loan(), loans: [loan()], history: [], book: [], ...over })

describe("the confirmation's decision", () => {
  it("answers without the service when Medusa's facts decide", () => {
    expect(decideBeforeService(facts({ session: undefined }))).toEqual({ change: "none", confirmation: { outcome: "no_pending_session" } })
    const authorized = facts({ orderId: "order_1", session: { ...facts().session!, status: "authorized" } })
    expect(decideBeforeService(authorized)).toEqual({ change: "held_by", confirmation: { outcome: "already_authorized", orderId: "order_1" } })
    expect(decideBeforeService({ ...authorized, row: row({ state: "ordered", order_id: "order_1" }) })).toEqual({
      change: "none",
      confirmation: { outcome: "already_authorized", orderId: "order_1" },
    })
    const listed = facts({ row: row({ state: "needs_attention", attention_reason: "why" }) })
    expect(decideBeforeService(listed)).toEqual({ change: "none", confirmation: { outcome: "needs_attention", reason: "why" } })
    expect(decideBeforeService({ ...listed, force: true })).toBeUndefined()
    expect(decideBeforeService(facts())).toBeUndefined()
  })

  it("starts the completion only for a paid loan of the session's amount on a cart of that total", () => {
    expect(decideWithService(facts(), found())).toEqual({ change: "start", loanStatus: "OUTSTANDING", interrupted: false })
    expect(decideWithService(facts(), found({ loan: loan({ status: "REQUEST" }) }))).toMatchObject({
      change: "none",
      confirmation: { outcome: "not_paid" },
    })
    expect(decideWithService(facts({ row: row({ loan_status: "OUTSTANDING" }) }), found({ loan: loan({ status: "CANCELLED" }) }))).toMatchObject({
      change: "status",
      loanStatus: "CANCELLED",
    })
    expect(decideWithService(facts(), found({ loan: loan({ totalAmount: "1499.99" }) }))).toMatchObject({
      change: "failure",
      confirmation: { outcome: "amount_mismatch" },
    })
    expect(decideWithService(facts({ cartTotal: 1600 }), found())).toMatchObject({ change: "failure", confirmation: { outcome: "cart_changed" } })
    // The cart's order holds it already: its total no longer matters.
    expect(decideWithService(facts({ orderId: "order_1", cartTotal: 1600 }), found())).toMatchObject({ change: "start" })
  })

  it("lists a paid loan with a refund in the book, and marks a restart after a completion that never ended", () => {
    const refunded = [{ loan_id: 7, state: "accepted", kind: "requested", amount: 100 }] as unknown as BookEntry[]
    expect(decideWithService(facts(), found({ book: refunded }))).toMatchObject({ change: "list", confirmation: { outcome: "needs_attention" } })
    expect(decideWithService(facts({ row: row({ completion_started_at: new Date() }) }), found())).toMatchObject({
      change: "start",
      interrupted: true,
    })
  })
})
