import { Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { InMemoryLockingProvider } from "@medusajs/locking/dist/providers/in-memory"
import { balanceHolder, cartHolder, saleByPhoneHolder } from "../../../modules/bnpl/holder"
import { holderLockKey, holderLocks, holdLocksUntil, type Locks, underLocks } from "../locks"

/** Medusa's in-memory locking provider, which the locking module hands each call to, as one process's store runs it. */
function lockingContainer() {
  const locking = new InMemoryLockingProvider()
  const container = { resolve: (name: string) => (name === Modules.LOCKING ? locking : undefined) } as unknown as MedusaContainer
  /** Whether another owner could take the key now, as a workflow's `acquireLockStep` tries it. */
  const free = (key: string) =>
    locking.acquire(key, { ownerId: "probe", expire: 1 }).then(
      () => locking.release(key, { ownerId: "probe" }).then(() => true),
      () => false,
    )
  return { container, locking, free }
}

const OPTIONS = { timeoutMs: 8000, retries: 2 }
const carts = (...ids: string[]): Locks => holderLocks(OPTIONS, ids.map(cartHolder))
const waitFor = (locks: Locks, timeout: number): Locks => ({ ...locks, timeout })
const tick = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms))

describe("holderLockKey: one key per holder of loans", () => {
  it("a cart's is its id; an order balance's is its payment collection's, whatever cartId its loans have at the service", () => {
    const phone = saleByPhoneHolder("pay_col_1")
    expect(phone.type === "order_balance" && phone.service_cart_id).not.toBe("pay_col_1")
    expect(holderLockKey(phone)).toBe(holderLockKey(balanceHolder("pay_col_1")))
    expect(holderLockKey(balanceHolder("pay_col_1"))).toBe("bnpl:holder:pay_col_1")
    expect(holderLockKey(cartHolder("cart_1"))).toBe("bnpl:holder:cart_1")
    expect(holderLocks(OPTIONS, [phone, balanceHolder("pay_col_1"), cartHolder("cart_0")]).key).toEqual([
      "bnpl:holder:cart_0",
      "bnpl:holder:pay_col_1",
    ])
  })
})

describe("holderLocks: the one shape of the plugin's locks, Medusa's acquireLockStep's input", () => {
  it("names each cart once, in one order, under an owner of its own, and is taken inside nested workflows too", () => {
    const first = carts("cart_b", "cart_a", "cart_b")
    const second = carts("cart_a", "cart_b")
    expect(first.key).toEqual(["bnpl:holder:cart_a", "bnpl:holder:cart_b"])
    expect(second.key).toEqual(first.key)
    expect(first.ownerId).not.toBe(second.ownerId)
    expect(first.executeOnSubWorkflow).toBe(true)
    expect(first.ttl).toBeGreaterThanOrEqual(30)
  })
})

describe("underLocks: the one way to hold locks outside a workflow, the locking module's execute", () => {
  it("waits while a workflow's step holds a key under its owner, and runs once it is released", async () => {
    const { container, locking, free } = lockingContainer()
    const step = carts("cart_1")
    await locking.acquire(step.key, { ownerId: step.ownerId, expire: step.ttl })
    const ran: string[] = []
    const running = underLocks(container, waitFor(carts("cart_1"), 2), async () => {
      ran.push("route")
      expect(await free("bnpl:holder:cart_1")).toBe(false)
    })
    await tick()
    expect(ran).toEqual([])
    await locking.release(step.key, { ownerId: step.ownerId })
    await running
    expect(ran).toEqual(["route"])
    expect(await free("bnpl:holder:cart_1")).toBe(true)
  })

  it("gives up with the locking module's error after its time-out, runs nothing, and leaves the holder's keys alone", async () => {
    const { container, locking, free } = lockingContainer()
    const holder = carts("cart_2")
    await locking.acquire(holder.key, { ownerId: holder.ownerId, expire: holder.ttl })
    const work = jest.fn(async () => undefined)
    const started = Date.now()
    await expect(underLocks(container, waitFor(carts("cart_1", "cart_2"), 1), work)).rejects.toThrow("Timed-out acquiring lock.")
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000)
    expect(work).not.toHaveBeenCalled()
    await tick()
    expect(await free("bnpl:holder:cart_1")).toBe(true)
    expect(await free("bnpl:holder:cart_2")).toBe(false)
  })

  it("releases the keys when the work fails, and passes its error on", async () => {
    const { container, free } = lockingContainer()
    await expect(
      underLocks(container, carts("cart_1"), async () => {
        throw new Error("the service refused")
      }),
    ).rejects.toThrow("the service refused")
    expect(await free("bnpl:holder:cart_1")).toBe(true)
  })
})

describe("holdLocksUntil: a cart held for as long as Medusa's own route runs", () => {
  it("resolves once the keys are held, and holds them until the answer", async () => {
    const { container, free } = lockingContainer()
    let answer!: () => void
    const answered = new Promise<void>((resolve) => (answer = resolve))
    await holdLocksUntil(container, carts("cart_1", "cart_2"), answered)
    await tick()
    expect(await free("bnpl:holder:cart_1")).toBe(false)
    expect(await free("bnpl:holder:cart_2")).toBe(false)
    answer()
    await tick()
    expect(await free("bnpl:holder:cart_1")).toBe(true)
    expect(await free("bnpl:holder:cart_2")).toBe(true)
  })

  it("lets go sooner on release, which settles once the keys are free, and lets go once", async () => {
    const { container, free } = lockingContainer()
    const release = await holdLocksUntil(container, carts("cart_1"), new Promise(() => undefined))
    await Promise.all([release(), release()])
    expect(await free("bnpl:holder:cart_1")).toBe(true)
  })

  it("waits for the holder before it, and rejects with the locking module's error when the wait gives up", async () => {
    const { container } = lockingContainer()
    let answer!: () => void
    const first = await holdLocksUntil(container, carts("cart_1"), new Promise<void>((resolve) => (answer = resolve)))
    expect(first).toEqual(expect.any(Function))
    await expect(holdLocksUntil(container, waitFor(carts("cart_1"), 1), Promise.resolve())).rejects.toThrow("Timed-out acquiring lock.")
    const second = holdLocksUntil(container, waitFor(carts("cart_1"), 2), Promise.resolve())
    answer()
    await expect(second).resolves.toEqual(expect.any(Function))
  })
})
