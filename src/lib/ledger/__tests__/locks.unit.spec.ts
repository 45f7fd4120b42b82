import { Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { acquireLock, releaseLock } from "../ledger"
import { untilReleasedHere } from "../held-here"

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

describe("untilReleasedHere: a reader waiting for this process's holder instead of queueing for the lock", () => {
  const settled = async (promise: Promise<void>) => {
    let done = false
    void promise.then(() => (done = true))
    await new Promise((resolve) => setTimeout(resolve, 20))
    return done
  }

  it("answers at once for a key no holder here has", async () => {
    expect(await settled(untilReleasedHere("bnpl:cart:nobody", 5_000))).toBe(true)
  })

  it("waits for the holder's release, and only its own", async () => {
    const { container, owners } = lockingContainer()
    const holder = await acquireLock(container, "bnpl:cart:cart_2", WAIT)
    const waiting = untilReleasedHere("bnpl:cart:cart_2", 5_000)
    expect(await settled(waiting)).toBe(false)
    await releaseLock(container, { ...holder, ownerId: "bnpl-someone-else" })
    expect(await settled(waiting)).toBe(false)
    await releaseLock(container, holder)
    expect(await settled(waiting)).toBe(true)
    expect(owners.has("bnpl:cart:cart_2")).toBe(false)
  })

  it("stops waiting after its time-out when the holder never lets go", async () => {
    const { container } = lockingContainer()
    const holder = await acquireLock(container, "bnpl:cart:cart_3", WAIT)
    const started = Date.now()
    await untilReleasedHere("bnpl:cart:cart_3", 100)
    expect(Date.now() - started).toBeGreaterThanOrEqual(95)
    await releaseLock(container, holder)
  })
})
