import { readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { MEDUSA_ROLLBACK_NOTE } from "../hand-over"

/** A file of a Medusa package's dist, its whitespace folded (packages export only their entry points). */
const medusa = (pkg: string, file: string) => readFileSync(join(dirname(require.resolve(pkg)), file), "utf8").replace(/\s+/g, " ")

/**
 * What the hand-overs match a refund on (hand-over.ts, `asked`), read from Medusa's published
 * code: Medusa records the refund before it calls the provider under the record's id, and the
 * record carries what the plugin's path put in it. When Medusa stops doing so, a path's own refund
 * would reach the store's sender and wait for the lock its path holds: this fails first.
 */
describe("Medusa's refund records, as the hand-overs match them", () => {
  it("the payment module calls the provider with the refund record's id as the idempotency key, after recording it", () => {
    const module = medusa("@medusajs/payment", "services/payment-module.js")
    expect(module).toMatch(/const refund = await this\.refundPayment_\(payment, data, sharedContext\);/)
    expect(module).toContain("context: { idempotency_key: refund.id, }")
  })

  it("the cancel's refunds carry the cancelling admin as created_by (cancel-refund.ts, cancelRefunds)", () => {
    expect(medusa("@medusajs/core-flows", "order/workflows/cancel-order.js")).toContain(
      "refundCapturedPaymentsWorkflow.runAsStep({ input: { order_id: order.id, created_by: input.canceled_by }, })",
    )
    expect(medusa("@medusajs/core-flows", "order/workflows/payments/refund-captured-payments.js")).toContain(
      "payment_id: payment.id, created_by: input.created_by, amount: amountToRefund, note: input.note,",
    )
  })

  it("a completion's rollback refunds with its own note (rollbackRefunds)", () => {
    expect(medusa("@medusajs/core-flows", "cart/steps/compensate-payment-if-needed.js")).toContain(`note: "${MEDUSA_ROLLBACK_NOTE}",`)
  })
})
