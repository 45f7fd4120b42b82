import { MedusaError } from "@medusajs/framework/utils"
import { BnplServiceError } from "../client"
import { asMedusaError, asShopperError, refundRefusal, SHOPPER_ADVICE } from "../errors"
import { RefundRejectedError, RefundUnknownError } from "../refunds"

const failures = [
  new BnplServiceError("timeout", "POST /loan", "no answer within 1500 ms"),
  new BnplServiceError("network", "POST /auth", "connection refused"),
  new BnplServiceError("malformed", "POST /loan", "answer is not JSON"),
  new BnplServiceError("http", "POST /auth", "answered 401", 401),
  new BnplServiceError("http", "POST /loan", "answered 503", 503),
  new Error("TypeError: cannot read properties of undefined"),
]

describe("errors for the right reader", () => {
  it.each(failures.map((error) => [error.message, error]))("the operator reads what to change: %s", (_, error) => {
    const message = asMedusaError(error, "start the loan").message
    expect(message).toMatch(/^Could not start the loan/)
    if (error instanceof BnplServiceError && error.kind !== "malformed" && !(error.kind === "http" && !error.isRefusal)) {
      expect(message).toMatch(/BNPL_[A-Z_]+/)
    }
  })

  it.each(failures.map((error) => [error.message, error]))("the shopper reads what they can do, and no setting: %s", (_, error) => {
    const shopper = asShopperError(error, "start the installment plan")
    expect(shopper.message).toBe(`Could not start the installment plan. ${SHOPPER_ADVICE}`)
    expect(shopper.message).not.toMatch(/BNPL_|credential|token|service's/i)
  })

  it("a refusal answers 400 (NOT_ALLOWED), an outage 500 (UNEXPECTED_STATE)", () => {
    expect(asShopperError(failures[3], "pay").type).toBe(MedusaError.Types.NOT_ALLOWED)
    expect(asShopperError(failures[4], "pay").type).toBe(MedusaError.Types.UNEXPECTED_STATE)
    expect(asShopperError(failures[0], "pay").type).toBe(MedusaError.Types.UNEXPECTED_STATE)
  })

  it("passes a shopper's MedusaError through, but not an operator's", () => {
    const shoppers = new MedusaError(MedusaError.Types.INVALID_DATA, "The cart total is above what installments allow.")
    expect(asShopperError(shoppers, "pay")).toBe(shoppers)
    const operators = asMedusaError(failures[3], "pay")
    const rewritten = asShopperError(operators, "pay")
    expect(rewritten.message).toBe(`Could not pay. ${SHOPPER_ADVICE}`)
    expect(rewritten.type).toBe(MedusaError.Types.NOT_ALLOWED)
  })

  it("a refund the service refused or left unclear reads the same for the merchant on every path; other failures are left to the caller", () => {
    const rejected = refundRefusal(new RefundRejectedError("cart_1", "250.00"), 7)
    expect(rejected?.type).toBe(MedusaError.Types.NOT_ALLOWED)
    expect(rejected?.message).toMatch(/^The service rejected the refund of 250\.00 on loan 7: .*portal/)
    const unclear = refundRefusal(new RefundUnknownError("cart_1", "250.00", failures[0]), 7)
    expect(unclear?.type).toBe(MedusaError.Types.NOT_ALLOWED)
    expect(unclear?.message).toMatch(/no clear answer to the refund of 250\.00 on loan 7: .*record it .* or dismiss it/)
    expect(unclear?.message).not.toContain("cart_1")
    for (const other of failures) expect(refundRefusal(other, 7)).toBeUndefined()
  })
})
