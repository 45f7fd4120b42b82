import type { Loan } from "../../../packages/sandbox"
import { checkSummaries, type OrderSummary } from "../attribution"
import type { OrderPayment } from "../facts"

const payment = (loanId: number, captured: string, refunded: string): OrderPayment => ({
  order_id: "order_1",
  order_status: "pending",
  cart_id: "cart_1",
  payment_id: `pay_${loanId}`,
  loan_id: loanId,
  amount: Math.round(Number(captured) * 100),
  canceled: false,
  captured: Math.round(Number(captured) * 100),
  refunded: Math.round(Number(refunded) * 100),
  net: Number(captured) * 100 - Number(refunded) * 100,
  refunds: [],
  refund_ids: [],
})
const loan = (loanId: number, totalPrice: number, refunds: string[]): Loan =>
  ({ loanId, status: "OUTSTANDING", request: { totalPrice }, refunds: refunds.map((totalAmount) => ({ totalAmount })) }) as unknown as Loan
const summary = (paid: number, refunded: number): OrderSummary => ({
  order_id: "order_1",
  status: "pending",
  total: 0,
  paid: Math.round(paid * 100),
  refunded: Math.round(refunded * 100),
  pending: 0,
  net: paid * 100 - refunded * 100,
})

/**
 * The order page against the payments and the service, with IVA totals of four decimals: an order
 * whose first loan was refunded in full and whose exchange's balance a second loan paid (found by
 * the money model, IVA mode).
 */
describe("the order summary check", () => {
  const payments = [payment(1, "462.8052", "462.8052"), payment(2, "1854.2568", "0")]
  const loans = [loan(1, 462.81, ["231.40", "231.41"]), loan(2, 1854.26, [])]

  it("takes Medusa's four decimals against the service's cents, each loan rounded once", () => {
    // Rounded apart, paid 2317.06 less refunded 462.81 is 1854.25; the service holds 1854.26.
    expect(checkSummaries([summary(2317.062, 462.8052)], payments, loans, [], true)).toEqual([])
  })

  it("finds a refund on the order that no payment holds (a cent the service refused)", () => {
    expect(checkSummaries([summary(2317.062, 462.8152)], payments, loans, [], true)).toEqual([
      expect.stringContaining("but its loans' payments hold 1854.2568"),
    ])
  })

  it("finds payments that hold more than the service does", () => {
    const overRefunded = [loan(1, 462.81, ["231.40", "231.41"]), loan(2, 1854.26, ["0.01"])]
    expect(checkSummaries([summary(2317.062, 462.8052)], payments, overRefunded, [], true)).toEqual([
      expect.stringContaining("the payment of loan 2 holds 1854.2568 (captured less refunded), but the service holds 1854.25 of it"),
    ])
  })
})
