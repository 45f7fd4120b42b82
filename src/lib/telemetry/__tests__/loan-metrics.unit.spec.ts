import { loanChannel } from "../../../modules/bnpl/holder"
import { countLoanChange } from "../loan-metrics"
import { registerInMemoryOtel, type InMemoryOtel, type MetricPoint } from "../../../../integration-tests/helpers/otel"
import type { LedgerLoan } from "../../../modules/bnpl/types"

type Row = Parameters<typeof countLoanChange>[1]

const web: Row = {
  holder: "cart",
  service_cart_id: "cart_1",
  payment_collection_id: "pay_col_1",
  state: "open",
  order_id: null,
  completion_started_at: null,
}
const balance: Row = { ...web, holder: "order_balance", service_cart_id: "pay_col_2", payment_collection_id: "pay_col_2" }
const phone: Row = { ...web, holder: "order_balance", service_cart_id: "pay_col_3.m1x2", payment_collection_id: "pay_col_3" }

describe("loanChannel", () => {
  it("tells a checkout's loan, a balance's and a phone sale's apart from the row's holder", () => {
    expect([web, balance, phone].map((row) => loanChannel(row as LedgerLoan))).toEqual(["web", "balance", "phone"])
  })
})

describe("countLoanChange", () => {
  let otel: InMemoryOtel
  beforeAll(() => {
    otel = registerInMemoryOtel()
  })
  afterAll(() => otel.shutdown())
  const sum = (points: MetricPoint[], name: string, channel: string) =>
    points.filter((p) => p.name === name && p.attributes["bnpl.loan.channel"] === channel).reduce((n, p) => n + Number(p.value), 0)

  it("counts a loan once as it is created, paid, cancelled or refunded, by its channel", async () => {
    const seenPaidAt = new Date(1_000_000)
    countLoanChange(undefined, web)
    countLoanChange(undefined, phone)
    countLoanChange({ ...web, completion_started_at: seenPaidAt }, { ...web, state: "ordered", order_id: "order_1" }, 1_000_000 + 42_000)
    // Staying ordered is not paid again.
    countLoanChange({ ...web, state: "ordered", order_id: "order_1" }, { ...web, state: "ordered", order_id: "order_1" })
    countLoanChange(phone, { ...phone, state: "cancelled" })
    countLoanChange({ ...balance, state: "ordered", order_id: "order_2" }, { ...balance, state: "refunded", order_id: "order_2" })

    const points = await otel.collect()
    expect(sum(points, "bnpl.loans.created", "web")).toBe(1)
    expect(sum(points, "bnpl.loans.created", "phone")).toBe(1)
    expect(sum(points, "bnpl.loans.paid", "web")).toBe(1)
    expect(sum(points, "bnpl.loans.cancelled", "phone")).toBe(1)
    expect(sum(points, "bnpl.loans.refunded", "balance")).toBe(1)
    const [delay] = points.filter((p) => p.name === "bnpl.loan.order.delay")
    expect(delay).toMatchObject({ unit: "s", attributes: { "bnpl.loan.channel": "web" }, value: expect.objectContaining({ count: 1, sum: 42 }) })
  })
})
