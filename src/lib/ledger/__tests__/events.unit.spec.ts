import type { BookEntry, LedgerLoan } from "../../../modules/bnpl/types"
import { BNPL_EVENTS, bnplEventPayloads, bookEvents, loanEvents, type BnplEvent } from "../events"

const row = (fields: Partial<LedgerLoan> = {}) =>
  ({
    id: "bnplloan_1",
    loan_id: 41,
    service_cart_id: "cart_1",
    payment_collection_id: "pay_col_1",
    payment_session_id: "payses_1",
    checkout_url: "https://service.test/checkout/41?token=secret",
    amount: 1234.5,
    raw_amount: { value: "1234.5", precision: 20 },
    currency_code: "mxn",
    loan_status: "REQUEST",
    order_id: null,
    refunded_at_service: 0,
    raw_refunded_at_service: { value: "0", precision: 20 },
    refunded_in_medusa: 0,
    raw_refunded_in_medusa: { value: "0", precision: 20 },
    state: "open",
    attention_reason: null,
    suspect_order_id: null,
    completion_started_at: null,
    completion_failures: 0,
    checked_at: null,
    ...fields,
  }) as LedgerLoan

const entry = (fields: Partial<BookEntry>) =>
  ({
    id: "bnplref_1",
    loan_id: 41,
    service_cart_id: "cart_1",
    kind: "requested",
    state: "sending",
    amount: 100,
    raw_amount: { value: "100", precision: 20 },
    reason: "a reason an admin typed",
    medusa_refund_id: null,
    idempotency_key: "bnpl-refund-bnplloan_1",
    refund_id: null,
    refund_date: null,
    refund_status: null,
    note: null,
    ...fields,
  }) as BookEntry

const names = (events: BnplEvent[]) => events.map((event) => event.name)

/** Every payload parses with its documented schema, which admits no other field. */
const documented = (events: BnplEvent[]) => events.forEach((event) => bnplEventPayloads[event.name].parse(event.data))

describe("the events a ledger row's change announces", () => {
  it("a new row: created, with ids and amounts only (no checkout URL)", () => {
    const events = loanEvents(undefined, row())
    expect(events).toEqual([
      {
        name: BNPL_EVENTS.LOAN_CREATED,
        data: {
          ledger_id: "bnplloan_1",
          loan_id: 41,
          cart_id: "cart_1",
          amount: "1234.50",
          currency_code: "mxn",
          loan_status: "REQUEST",
          payment_session_id: "payses_1",
        },
      },
    ])
    documented(events)
  })

  it("the row records an order: paid, once", () => {
    const ordered = row({ state: "ordered", order_id: "order_1", loan_status: "OUTSTANDING" })
    const events = loanEvents(row({ completion_started_at: new Date() }), ordered)
    expect(events).toEqual([{ name: BNPL_EVENTS.LOAN_PAID, data: expect.objectContaining({ order_id: "order_1", loan_status: "OUTSTANDING" }) }])
    documented(events)
    expect(loanEvents(ordered, row({ state: "ordered", order_id: "order_1", checked_at: new Date() }))).toEqual([])
  })

  it("an order recorded beside a look-alike: paid, and on the attention list with both orders", () => {
    const listed = row({ state: "needs_attention", order_id: "order_1", suspect_order_id: "order_2", attention_reason: "Order order_2 may be…" })
    const events = loanEvents(row(), listed)
    expect(names(events)).toEqual([BNPL_EVENTS.LOAN_PAID, BNPL_EVENTS.LOAN_NEEDS_ATTENTION])
    expect(events[1].data).toMatchObject({ order_id: "order_1", suspect_order_id: "order_2", reason: "Order order_2 may be…" })
    documented(events)
  })

  it("entering the attention list is announced; staying on it, with another reason, is not", () => {
    const listed = row({ state: "needs_attention", attention_reason: "first" })
    expect(names(loanEvents(row(), listed))).toEqual([BNPL_EVENTS.LOAN_NEEDS_ATTENTION])
    expect(loanEvents(listed, { ...listed, attention_reason: "second" })).toEqual([])
  })

  it("cancelled, once; other states announce nothing", () => {
    const cancelled = row({ state: "cancelled", loan_status: "CANCELLED" })
    const events = loanEvents(row(), cancelled)
    expect(names(events)).toEqual([BNPL_EVENTS.LOAN_CANCELLED])
    documented(events)
    expect(loanEvents(cancelled, cancelled)).toEqual([])
    expect(loanEvents(row({ state: "ordered", order_id: "order_1" }), row({ state: "refunded", order_id: "order_1" }))).toEqual([])
    expect(loanEvents(row(), row({ loan_status: "OUTSTANDING" }))).toEqual([])
  })
})

describe("the events a book entry announces", () => {
  it("a request the service accepted: requested, with the reply's ids and without the admin's reason", () => {
    const events = bookEvents([entry({ state: "accepted", refund_id: "77", refund_date: "2026-11-26T10:00:00Z", refund_status: "REQUESTED" })])
    expect(events).toEqual([
      {
        name: BNPL_EVENTS.REFUND_REQUESTED,
        data: {
          refund_entry_id: "bnplref_1",
          loan_id: 41,
          cart_id: "cart_1",
          amount: "100.00",
          refund_id: "77",
          refund_date: "2026-11-26T10:00:00Z",
          medusa_refund_id: null,
        },
      },
    ])
    documented(events)
  })

  it("a rejected request: rejected; one still sending or of unknown outcome: nothing", () => {
    const events = bookEvents([entry({ state: "rejected", refund_status: "REJECTED" }), entry({ state: "sending" }), entry({ state: "unknown" })])
    expect(names(events)).toEqual([BNPL_EVENTS.REFUND_REJECTED])
    expect(events[0].data).toMatchObject({ amount: "100.00", refund_status: "REJECTED" })
    documented(events)
  })

  it("a refund made outside Medusa: of unknown amount, with the history's date; once settled, nothing", () => {
    const open = entry({
      kind: "outside",
      state: "open",
      amount: null,
      raw_amount: null,
      reason: null,
      idempotency_key: null,
      refund_date: "2026-11-26T11:00:00Z",
    })
    const events = bookEvents([open, { ...open, state: "recorded", amount: 5, raw_amount: { value: "5", precision: 20 } }])
    expect(events).toEqual([
      {
        name: BNPL_EVENTS.REFUND_OUTSIDE_MEDUSA,
        data: { refund_entry_id: "bnplref_1", loan_id: 41, cart_id: "cart_1", refund_date: "2026-11-26T11:00:00Z" },
      },
    ])
    documented(events)
  })
})
