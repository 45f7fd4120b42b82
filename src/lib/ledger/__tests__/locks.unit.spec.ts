import { Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { acquireLock, releaseLock } from "../ledger"

/** Medusa's in-memory locking as the plugin sees it: a key held by one owner until released. */
function lockingContainer() {
  const owners = new Map<string, string>()
  const locking = {
    acquire: async (key: string, { ownerId }: { ownerId: string; expire?: number }) => {
      const owner = owners.get(key)
      if (owner && owner !== ownerId) throw new Error(`"${key}" is already locked`)
      owners.set(key, ownerId)
    },
    release: async (key: string, { ownerId }: { ownerId: string }) => {
      if (owners.get(key) !== ownerId) return false
      owners.delete(key)
      return true
    },
  }
  const container = { resolve: (name: string) => (name === Modules.LOCKING ? locking : undefined) } as unknown as MedusaContainer
  return { container, owners }
}

const WAIT = { ttl: 60, timeout: 1, retryInterval: 0.01 }

describe("acquireLock: the one way the plugin takes a cart's or the reconciliation run's lock", () => {
  it("waits while another owner holds the key, and takes it once released", async () => {
    const { container, owners } = lockingContainer()
    const first = await acquireLock(container, "bnpl:reconcile", WAIT)
    const second = acquireLock(container, "bnpl:reconcile", WAIT)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(owners.get("bnpl:reconcile")).toBe(first.ownerId)
    await releaseLock(container, first)
    const taken = await second
    expect(taken.ownerId).not.toBe(first.ownerId)
    expect(owners.get("bnpl:reconcile")).toBe(taken.ownerId)
  })

  it("gives up with the locking module's error after its time-out, and leaves the holder's lock alone", async () => {
    const { container, owners } = lockingContainer()
    const holder = await acquireLock(container, "bnpl:cart:cart_1", WAIT)
    const started = Date.now()
    await expect(acquireLock(container, "bnpl:cart:cart_1", { ...WAIT, timeout: 0.2 })).rejects.toThrow('"bnpl:cart:cart_1" is already locked')
    expect(Date.now() - started).toBeGreaterThanOrEqual(200)
    expect(owners.get("bnpl:cart:cart_1")).toBe(holder.ownerId)
  })

  it("a holder whose lock lapsed to another cannot release the other's", async () => {
    const { container, owners } = lockingContainer()
    const lapsed = await acquireLock(container, "bnpl:cart:cart_1", WAIT)
    owners.set("bnpl:cart:cart_1", "bnpl-next-holder")
    await releaseLock(container, lapsed)
    expect(owners.get("bnpl:cart:cart_1")).toBe("bnpl-next-holder")
  })
})
