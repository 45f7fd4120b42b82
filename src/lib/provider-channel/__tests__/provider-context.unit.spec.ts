import { EventEmitter } from "node:events"
import type { RefundSender } from "../../money/refund-book"
import { refundSender, withRefundSender } from "../refund-sender"

const send: RefundSender = async () => undefined
const later = () => new Promise<void>((resolve) => setTimeout(resolve, 5))

/**
 * A hand-over reaches only the provider calls of the path that set it: Medusa's local event bus
 * runs subscribers inside the async context of the workflow that released the events, so a
 * subscriber's refund of another cart, or one made after the path's call ended, must find none.
 */
describe("a hand-over to the provider", () => {
  it("is found for the carts it names, and not for another cart in the same context", async () => {
    const found = await withRefundSender(send, { carts: ["cart_a"] }, async () => [refundSender("cart_a"), refundSender("cart_b")])
    expect(found).toEqual([send, undefined])
  })

  it("does not reach a subscriber the call's events started, on another cart", async () => {
    // As @medusajs/event-bus-local releases a workflow's events: emitted from a promise's `.then`.
    const bus = new EventEmitter()
    const seen: Array<RefundSender | undefined> = []
    bus.on("order.canceled", () => void later().then(() => seen.push(refundSender("cart_b"))))
    await withRefundSender(send, { carts: ["cart_a"] }, async () => {
      await Promise.resolve().then(() => bus.emit("order.canceled"))
    })
    await later().then(later)
    expect(seen).toEqual([undefined])
  })

  it("ends when the call settles: work it only started finds none afterwards, even on its own cart", async () => {
    let afterwards: Promise<RefundSender | undefined> | undefined
    await withRefundSender(send, { carts: ["cart_a"] }, async () => {
      afterwards = later()
        .then(later)
        .then(() => refundSender("cart_a"))
    })
    expect(await afterwards).toBeUndefined()
  })

  it("lasts as long as `lasts` when the work returns first (a middleware's next())", async () => {
    let answer!: () => void
    const answered = new Promise<void>((resolve) => (answer = resolve))
    const reads: Array<Promise<RefundSender | undefined>> = []
    withRefundSender(send, { carts: ["cart_a"], lasts: answered }, () => {
      reads.push(later().then(() => refundSender("cart_a")))
      reads.push(answered.then(later).then(() => refundSender("cart_a")))
    })
    expect(await reads[0]).toBe(send)
    answer()
    expect(await reads[1]).toBeUndefined()
  })
})
