import type { BookEntry } from "../../../modules/bnpl/types"
import type { LoanRecord, RefundRecord } from "../../service/wire"
import { paidLoanVerdict } from "../paid-loan"
import { loanOfEntry, onItsWayMs, refundBlock, remainingOn, unbookedMedusaRefunds, unexplained } from "../refund-book"

const loan = (loanId: number, status: LoanRecord["status"], authorizeDate: string, totalAmount = "1000.00"): LoanRecord => ({
  loanId,
  status,
  installments: 4,
  totalAmount,
  orderDiscount: "0",
  discountType: "",
  authorizeDate,
  products: [],
  customer: { username: null, firstName: null, lastName: null, motherLastName: null, email: null, phone: null },
})

const entry = (loan_id: number, state: BookEntry["state"], amount: string | null, kind: BookEntry["kind"] = "requested", refund_date?: string) =>
  ({
    id: `bnplref_${Math.random()}`,
    loan_id,
    service_cart_id: "cart_1",
    kind,
    state,
    amount: amount === null ? null : Number(amount),
    refund_date: refund_date ?? null,
  }) as BookEntry

const history = (...dates: string[]): RefundRecord[] => dates.map((refundDate) => ({ cartId: "cart_1", status: "REFUNDED", refundDate }))

describe("the book of refunds", () => {
  it("remaining is the total less accepted and recorded refunds; rejected and dismissed ones do not count", () => {
    const book = [
      entry(1, "accepted", "250.00"),
      entry(1, "recorded", "100.50", "outside"),
      entry(1, "rejected", "900.00"),
      entry(1, "dismissed", null, "outside"),
      entry(2, "accepted", "999.00"),
    ]
    expect(remainingOn(book, loan(1, "OUTSTANDING", "2026-11-01T00:00:00Z"))).toEqual({ remaining: "649.50" })
  })

  it("remaining is unknown while a refund outside Medusa or a lost reply waits for the admin", () => {
    for (const waiting of [entry(1, "open", null, "outside"), entry(1, "unknown", "10.00"), entry(1, "sending", "10.00")]) {
      expect(remainingOn([entry(1, "accepted", "5.00"), waiting], loan(1, "OUTSTANDING", "2026-11-01T00:00:00Z"))).toEqual({
        unknown: expect.any(String),
      })
    }
  })

  it("counts history entries against the book: only the surplus, newest first, is unexplained", () => {
    const entries = history("2026-11-02T00:00:00Z", "2026-11-04T00:00:00Z", "2026-11-03T00:00:00Z")
    expect(unexplained(entries, [entry(1, "accepted", "1.00")]).map((e) => e.refundDate)).toEqual(["2026-11-04T00:00:00Z", "2026-11-03T00:00:00Z"])
    // A refund the book knows that the history does not show yet explains nothing away.
    expect(unexplained(history("2026-11-02T00:00:00Z"), [entry(1, "accepted", "1.00"), entry(1, "accepted", "2.00")])).toEqual([])
    // A rejected request left no entry at the service.
    expect(unexplained(history("2026-11-02T00:00:00Z"), [entry(1, "rejected", "1.00")])).toHaveLength(1)
  })

  it("a dated entry explains the history entry nearest its date: a portal refund just before two admin refunds stays unexplained", () => {
    // The money model's seed 1185889532, path 218: a 3,300 portal refund, then two 1,650 admin refunds
    // within a second. Counted newest first, the portal refund was taken for an admin refund, and the
    // admin was asked for the amount of the second admin refund's date.
    const entries = history("2026-11-26T10:58:00.100Z", "2026-11-26T10:58:00.700Z", "2026-11-26T10:58:00.900Z")
    const medusa = [
      entry(1, "accepted", "1650.00", "requested", "2026-11-26T10:58:00.740Z"),
      entry(1, "accepted", "1650.00", "requested", "2026-11-26T10:58:00.950Z"),
    ]
    expect(unexplained(entries, medusa).map((e) => e.refundDate)).toEqual(["2026-11-26T10:58:00.100Z"])
    // The reply's own date matches exactly.
    expect(unexplained(entries, [entry(1, "accepted", "1.00", "requested", "2026-11-26T10:58:00.700Z")]).map((e) => e.refundDate)).toEqual([
      "2026-11-26T10:58:00.900Z",
      "2026-11-26T10:58:00.100Z",
    ])
  })

  it("a request whose reply was lost explains the history entry nearest the moment it was booked, not the oldest one", () => {
    // The money model's seed 1116676296, path 572: an admin refund, a portal refund, an admin refund, a
    // second admin refund whose reply was lost (recorded by the admin, so no date of the service's),
    // then a portal refund. Taken for the oldest entry, the lost reply's refund hid the first portal
    // refund, and the admin was asked for the amount of the lost reply's date.
    const entries = history("2026-11-27T10:00:01Z", "2026-11-27T10:00:05Z", "2026-11-27T10:00:09Z", "2026-11-27T10:00:12Z", "2026-11-27T10:00:40Z")
    const lost = { ...entry(1, "accepted", "314.01"), created_at: new Date("2026-11-27T10:00:11.900Z") } as BookEntry
    const book = [
      entry(1, "accepted", "1674.75", "requested", "2026-11-27T10:00:01Z"),
      entry(1, "accepted", "418.68", "requested", "2026-11-27T10:00:09Z"),
      lost,
    ]
    expect(unexplained(entries, book).map((e) => e.refundDate)).toEqual(["2026-11-27T10:00:40Z", "2026-11-27T10:00:05Z"])
  })

  it("gives an unexplained entry to the paid loan that was the latest paid at its date", () => {
    const loans = [
      loan(1, "HISTORICAL", "2026-11-01T00:00:00Z"),
      loan(2, "OUTSTANDING", "2026-11-05T00:00:00Z"),
      loan(3, "REQUEST", "2026-11-06T00:00:00Z"),
    ]
    expect(loanOfEntry(history("2026-11-03T00:00:00Z")[0], loans)?.loanId).toBe(1)
    expect(loanOfEntry(history("2026-11-07T00:00:00Z")[0], loans)?.loanId).toBe(2)
  })

  it("never lets a closed loan, one with a refund, or one beside an unexplained refund pay a new order; an earlier loan's refund does not block", () => {
    const paid = loan(2, "OUTSTANDING", "2026-11-05T00:00:00Z")
    expect(refundBlock(loan(2, "HISTORICAL", "2026-11-05T00:00:00Z"), "cart_1", [], [])).toMatch(/closed/)
    expect(refundBlock(paid, "cart_1", history("2026-11-06T00:00:00Z"), [entry(2, "accepted", "1.00")])).toMatch(/has a refund/)
    expect(refundBlock(paid, "cart_1", history("2026-11-06T00:00:00Z"), [])).toMatch(/outside Medusa/)
    expect(refundBlock(paid, "cart_1", history("2026-11-02T00:00:00Z"), [entry(1, "accepted", "1000.00")])).toBeUndefined()
    expect(refundBlock(paid, "cart_1", [], [entry(2, "rejected", "1.00")])).toBeUndefined()
  })

  it("a paid loan's verdict: it pays, waits for the admin while a refund is unclear, is closed, or is refunded in full", () => {
    const paid = loan(2, "OUTSTANDING", "2026-11-05T00:00:00Z")
    const verdict = (l: LoanRecord, entries: RefundRecord[], book: BookEntry[]) => paidLoanVerdict(l, "cart_1", { history: entries, book }).verdict
    expect(verdict(paid, [], [])).toBe("pays")
    expect(verdict(paid, history("2026-11-02T00:00:00Z"), [entry(1, "accepted", "1000.00")])).toBe("pays")
    expect(verdict(paid, history("2026-11-06T00:00:00Z"), [entry(2, "accepted", "1.00")])).toBe("refund")
    expect(verdict(paid, history("2026-11-06T00:00:00Z"), [entry(2, "unknown", "1.00")])).toBe("unclear")
    expect(verdict(paid, history("2026-11-06T00:00:00Z"), [])).toBe("unclear")
    expect(verdict(loan(2, "HISTORICAL", "2026-11-05T00:00:00Z"), [], [])).toBe("closed")
    // Closed, and a refund of it still unclear: the admin first.
    expect(verdict(loan(2, "HISTORICAL", "2026-11-05T00:00:00Z"), [], [entry(2, "open", null, "outside")])).toBe("unclear")
    expect(paidLoanVerdict(paid, "cart_1", { history: [], book: [entry(2, "accepted", "1.00")] })).toEqual({
      verdict: "refund",
      reason: refundBlock(paid, "cart_1", [], [entry(2, "accepted", "1.00")]),
    })
  })
})

describe("Medusa's refunds the book lacks", () => {
  const now = Date.parse("2026-12-05T12:00:00Z")
  const medusa = (id: string, secondsAgo: number) => ({ id, amount: "100", created_at: new Date(now - secondsAgo * 1000).toISOString() })
  const booked = (medusaRefundId: string) => ({ ...entry(1, "accepted", "100.00"), medusa_refund_id: medusaRefundId }) as BookEntry

  it("leaves a young one to the provider, which books it once it holds the loan's lock", () => {
    const split = unbookedMedusaRefunds(
      [medusa("ref_young", 5), medusa("ref_old", 120), medusa("ref_booked", 5)],
      [booked("ref_booked")],
      60_000,
      now,
    )
    expect(split.onItsWay.map((r) => r.id)).toEqual(["ref_young"])
    expect(split.settled.map((r) => r.id)).toEqual(["ref_old"])
  })

  it("waits as long as the provider may: the longest wait for the lock, then the status and the history, each at its worst", () => {
    // 30 s for the lock; each request two attempts of 1 s and the longest Retry-After between them (5 s).
    expect(onItsWayMs({ timeoutMs: 1000, retries: 1 })).toBe(30_000 + 2 * (2 * 1000 + 5000))
  })
})
