import type { LoanRecord } from "../../lib/service/wire"
import type { LoanAtService } from "../../lib/ledger/loan-at-service"
import type { CartPayment, SessionRow } from "../../lib/medusa/queries"
import type { BookEntry, LedgerLoan } from "../../modules/bnpl/types"
import { collectionToResume, loanToResume } from "../steps/plan-loan-resumption"

const LOAN_ID = 7

const session = (loanId: number, provider_id = "pp_bnpl_bnpl"): SessionRow => ({
  id: `payses_${loanId}`,
  status: "pending",
  provider_id,
  amount: 1000,
  currency_code: "mxn",
  data: { service_cart_id: "cart_1", loan_id: loanId, checkout_url: "https://pay.example/1", amount: "1000.00", currency_code: "mxn" },
})

const openCart = (over: Partial<CartPayment> = {}): CartPayment => ({
  exists: true,
  completedAt: null,
  paymentCollectionId: "pay_col_1",
  paymentCollectionCanceled: false,
  sessions: [],
  ...over,
})

const loan = (status: LoanRecord["status"], totalAmount = "1000.00"): LoanRecord => ({
  loanId: LOAN_ID,
  status,
  installments: 4,
  totalAmount,
  orderDiscount: "0",
  discountType: "",
  authorizeDate: "2026-11-01T00:00:00Z",
  products: [],
  customer: { username: null, firstName: null, lastName: null, motherLastName: null, email: null, phone: null },
})

const row = { id: "bnplloan_1", service_cart_id: "cart_1", loan_id: LOAN_ID, currency_code: "mxn" } as LedgerLoan

const atService = (found: LoanRecord | undefined, over: Partial<LoanAtService> = {}): LoanAtService => ({
  loan: found,
  loans: found ? [found] : [],
  history: [],
  book: [],
  ...over,
})

const collection = { amount: 1000, currency_code: "mxn" }

describe("resuming a paid loan no session holds", () => {
  describe("stage 1: the cart's collection", () => {
    it("is the open cart's collection when no session holds the loan", () => {
      expect(collectionToResume(openCart({ sessions: [session(LOAN_ID + 1)] }), LOAN_ID)).toBe("pay_col_1")
    })

    it("is none for a cart that is gone, completed, without a collection, or whose session holds the loan", () => {
      expect(collectionToResume(openCart({ exists: false }), LOAN_ID)).toBeNull()
      expect(collectionToResume(openCart({ completedAt: "2026-11-01T00:00:00Z" }), LOAN_ID)).toBeNull()
      expect(collectionToResume(openCart({ paymentCollectionId: null }), LOAN_ID)).toBeNull()
      expect(collectionToResume(openCart({ sessions: [session(LOAN_ID)] }), LOAN_ID)).toBeNull()
    })

    it("does not take another provider's session with the same loan id for the loan's", () => {
      expect(collectionToResume(openCart({ sessions: [session(LOAN_ID, "pp_system_default")] }), LOAN_ID)).toBe("pay_col_1")
    })
  })

  describe("stage 2: the loan", () => {
    it("is the paid loan when nothing stands in its way", () => {
      const paid = loan("OUTSTANDING")
      expect(loanToResume(row, atService(paid), null, collection)).toBe(paid)
    })

    it("is none when the service lists no such loan, or shows it unpaid or cancelled", () => {
      expect(loanToResume(row, atService(undefined), null, collection)).toBeNull()
      expect(loanToResume(row, atService(loan("REQUEST")), null, collection)).toBeNull()
      expect(loanToResume(row, atService(loan("CANCELLED")), null, collection)).toBeNull()
    })

    it("is none when an order already holds the loan's holder", () => {
      expect(loanToResume(row, atService(loan("OUTSTANDING")), "order_1", collection)).toBeNull()
    })

    it("is none when the collection asks another amount or currency", () => {
      expect(loanToResume(row, atService(loan("OUTSTANDING", "999.99")), null, collection)).toBeNull()
      expect(loanToResume(row, atService(loan("OUTSTANDING")), null, { amount: 1000, currency_code: "usd" })).toBeNull()
    })

    it("is none while a refund of the loan is in the book or unexplained in the history", () => {
      const refunded = {
        id: "bnplref_1",
        loan_id: LOAN_ID,
        service_cart_id: "cart_1",
        kind: "requested",
        state: "accepted",
        amount: 100,
        refund_date: null,
      } as BookEntry
      expect(loanToResume(row, atService(loan("OUTSTANDING"), { book: [refunded] }), null, collection)).toBeNull()
      const history = [{ cartId: "cart_1", status: "REFUNDED", refundDate: "2026-11-02T00:00:00Z" }] as LoanAtService["history"]
      expect(loanToResume(row, atService(loan("OUTSTANDING"), { history }), null, collection)).toBeNull()
    })
  })
})
