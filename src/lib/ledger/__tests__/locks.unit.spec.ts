import { Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { balanceHolder, cartHolder, saleByPhoneHolder } from "../holder"
import { holderLockKey, holderLocks, holdLocks, type Locks, releaseLocks, takeLocks } from "../locks"

/** Medusa's in-memory locking as the plugin sees it: keys taken one after another, each held by one owner until released. */
function lockingContainer() {
  const owners = new Map<string, string>()
  const keysOf = (key: string | string[]) => (Array.isArray(key) ? key : [key])
  const locking = {
    acquire: async (key: string | string[], { ownerId }: { ownerId: string; expire?: number }) => {
      for (const k of keysOf(key)) {
        const owner = owners.get(k)
        if (owner && owner !== ownerId) throw new Error(`"${k}" is already locked`)
        owners.set(k, ownerId)
      }
    },
    release: async (key: string | string[], { ownerId }: { ownerId: string }) => {
      let all = true
      for (const k of keysOf(key)) {
        if (owners.get(k) === ownerId) owners.delete(k)
        else all = false
      }
      return all
    },
  }
  const container = { resolve: (name: string) => (name === Modules.LOCKING ? locking : undefined) } as unknown as MedusaContainer
  return { container, owners }
}

const OPTIONS = { timeoutMs: 8000, retries: 2 }
const carts = (...ids: string[]): Locks => holderLocks(OPTIONS, ids.map(cartHolder))
const waitFor = (locks: Locks, timeout: number): Locks => ({ ...locks, timeout, retryInterval: 0.01 })

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

describe("takeLocks: the locks taken outside a workflow as Medusa's lock step takes them", () => {
  it("waits while another owner holds a key, and takes it once released", async () => {
    const { container, owners } = lockingContainer()
    const first = waitFor(carts("cart_1"), 1)
    await takeLocks(container, first)
    const second = waitFor(carts("cart_1"), 1)
    const taking = takeLocks(container, second)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(owners.get("bnpl:holder:cart_1")).toBe(first.ownerId)
    await releaseLocks(container, first)
    await taking
    expect(owners.get("bnpl:holder:cart_1")).toBe(second.ownerId)
  })

  it("gives up with the locking module's error after its time-out, lets go of the keys it took, and leaves the holder's alone", async () => {
    const { container, owners } = lockingContainer()
    const holder = waitFor(carts("cart_2"), 1)
    await takeLocks(container, holder)
    const both = waitFor(carts("cart_1", "cart_2"), 0.2)
    const started = Date.now()
    await expect(takeLocks(container, both)).rejects.toThrow('"bnpl:holder:cart_2" is already locked')
    expect(Date.now() - started).toBeGreaterThanOrEqual(200)
    expect(owners.has("bnpl:holder:cart_1")).toBe(false)
    expect(owners.get("bnpl:holder:cart_2")).toBe(holder.ownerId)
  })

  it("a holder whose lock lapsed to another cannot release the other's", async () => {
    const { container, owners } = lockingContainer()
    const lapsed = waitFor(carts("cart_1"), 1)
    await takeLocks(container, lapsed)
    owners.set("bnpl:holder:cart_1", "bnpl-next-holder")
    await releaseLocks(container, lapsed)
    expect(owners.get("bnpl:holder:cart_1")).toBe("bnpl-next-holder")
  })
})

describe("holdLocks: a cart held for as long as a route runs", () => {
  it("keeps the lock until the answered release, which lets go once", async () => {
    const { container, owners } = lockingContainer()
    const locks = waitFor(carts("cart_1", "cart_2"), 1)
    const release = await holdLocks(container, locks)
    expect([...owners.values()]).toEqual([locks.ownerId, locks.ownerId])
    await Promise.all([release(), release()])
    expect(owners.size).toBe(0)
  })
})
