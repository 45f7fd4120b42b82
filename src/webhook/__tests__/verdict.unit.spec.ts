import { verdictOf } from "../verdict"

describe("a confirmation's verdict", () => {
  it("answers 200 with the order for a loan that became one, and notes the order for the record", () => {
    expect(verdictOf({ outcome: "authorized", orderId: "order_1", rolledForward: false }, 7, "pay_col_1")).toEqual({
      status: 200,
      level: "info",
      message: "[bnpl] webhook: loan 7 of cart pay_col_1 authorized, order order_1",
      facts: { outcome: "authorized", orderId: "order_1" },
    })
  })

  it("answers 409 when the service does not confirm the payment, so that the service stops sending it", () => {
    const verdict = verdictOf({ outcome: "not_paid", loanStatus: "REQUEST" }, 7, "pay_col_1")
    expect(verdict.status).toBe(409)
    expect(verdict.message).toContain("the status query shows the loan REQUEST, not paid")
  })

  it("answers 503 for a failed completion the admin is not told of yet (send it again), 200 once listed", () => {
    expect(verdictOf({ outcome: "completion_failed", reason: "lock", attention: false }, 7, "c").status).toBe(503)
    const listed = verdictOf({ outcome: "completion_failed", reason: "cart refused", attention: true }, 7, "c")
    expect(listed.status).toBe(200)
    expect(listed.facts).toEqual({ outcome: "completion_failed", reason: "cart refused" })
  })
})
