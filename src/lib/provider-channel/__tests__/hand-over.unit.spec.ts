import { container } from "@medusajs/framework"
import { asValue } from "@medusajs/framework/awilix"
import { Modules } from "@medusajs/framework/utils"
import type { RefundSender } from "../../money/refund-book"
import type { LoanRecord } from "../../service/wire"
import { type AskedRefund, confirmedLoan, handedRefundSender, withHandOver } from "../hand-over"

const loan = { loanId: 7, status: "OUTSTANDING" } as LoanRecord
const later = () => new Promise<void>((resolve) => setTimeout(resolve, 5))

/** Medusa's refund records, as the payment module answers them by id. */
const medusaRefunds = new Map<string, AskedRefund>()
beforeAll(() => {
  container.register(
    Modules.PAYMENT,
    asValue({ listRefunds: async ({ id }: { id: string }) => (medusaRefunds.has(id) ? [medusaRefunds.get(id)] : []) }),
  )
})

/**
 * A hand-over reaches the provider's calls on the carts whose locks its path holds, while the
 * path's call lasts; a refund of those carts reaches the path's sender only when it is the one
 * the path asked Medusa for.
 */
describe("a hand-over to the provider", () => {
  it("is found for the carts it names and the loan it confirmed, not for another cart or loan", async () => {
    const found = await withHandOver({ confirmed: loan }, { carts: ["cart_a"] }, async () => [
      await confirmedLoan("cart_a", 7),
      await confirmedLoan("cart_a", 8),
      await confirmedLoan("cart_b", 7),
    ])
    expect(found).toEqual([loan, undefined, undefined])
  })

  it("ends when the call settles, or throws", async () => {
    await withHandOver({ confirmed: loan }, { carts: ["cart_a"] }, async () => undefined)
    await expect(withHandOver({ confirmed: loan }, { carts: ["cart_a"] }, async () => Promise.reject(new Error("no")))).rejects.toThrow("no")
    expect(await confirmedLoan("cart_a", 7)).toBeUndefined()
  })

  it("lasts as long as `lasts` when the work returns first (a middleware's next())", async () => {
    let answer!: () => void
    const answered = new Promise<void>((resolve) => (answer = resolve))
    await withHandOver({ confirmed: loan }, { carts: ["cart_a"], lasts: answered }, () => undefined)
    await later()
    expect(await confirmedLoan("cart_a", 7)).toBe(loan)
    answer()
    await later()
    expect(await confirmedLoan("cart_a", 7)).toBeUndefined()
  })

  it("hands a refund to the path that asked Medusa for it; another refund of the same cart is the store's", async () => {
    const send: RefundSender = async () => undefined
    medusaRefunds.set("ref_path", { payment_id: "pay_1", note: "Return ret_1 received", created_by: null })
    medusaRefunds.set("ref_store", { payment_id: "pay_1", note: null, created_by: null })
    const asked = (refund: AskedRefund) => refund.payment_id === "pay_1" && refund.note === "Return ret_1 received"
    const found = await withHandOver({ refunds: { send, asked } }, { carts: ["cart_a"] }, async () => [
      await handedRefundSender("cart_a", "ref_path"),
      await handedRefundSender("cart_a", "ref_store"),
      await handedRefundSender("cart_b", "ref_path"),
    ])
    expect(found).toEqual([send, undefined, undefined])
    expect(await handedRefundSender("cart_a", "ref_path")).toBeUndefined()
  })

  it("a second hand-over on the same cart leaves the first in place when it ends", async () => {
    const other = { ...loan, status: "HISTORICAL" } as LoanRecord
    const found = await withHandOver({ confirmed: loan }, { carts: ["cart_a"] }, async () => {
      const inner = await withHandOver({ confirmed: other }, { carts: ["cart_a"] }, () => confirmedLoan("cart_a", 7))
      return [inner, await confirmedLoan("cart_a", 7)]
    })
    expect(found).toEqual([other, loan])
  })
})
