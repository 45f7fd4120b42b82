import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import InMemoryCacheService from "@medusajs/cache-inmemory/dist/services/inmemory-cache"
import { MemoryCachingProvider } from "@medusajs/caching/dist/providers/memory-cache"
import type { BnplClient } from "../../../../lib/service/client"
import type { LoanRecord } from "../../../../lib/service/wire"

type RecentLoansModule = typeof import("../recent-loans")

/** A copy of recent-loans.ts as a second process loads it: its own requests in flight, nothing else shared. */
function processCopy(): RecentLoansModule {
  const copies: RecentLoansModule[] = []
  jest.isolateModules(() => {
    copies.push(jest.requireActual<RecentLoansModule>("../recent-loans"))
  })
  return copies[0]
}

const record = (loanId: number, status: LoanRecord["status"]): LoanRecord => ({
  loanId,
  status,
  installments: 4,
  totalAmount: "1000.00",
  orderDiscount: "0.00",
  discountType: "",
  authorizeDate: "2026-11-28 10:00:00",
  products: [],
  customer: { username: null, firstName: "Ana", lastName: "López", motherLastName: null, email: "ana@example.com", phone: "5512345678" },
})

/** The service as the client answers it: counts the status queries, per cart. */
function service(answer: () => Promise<LoanRecord[]>) {
  const getLoans = jest.fn((_cartId: string) => answer())
  return { client: { getLoans } as unknown as BnplClient, getLoans }
}

/** Medusa's container with the given cache services registered under their module keys. */
function containerWith(modules: Partial<Record<string, unknown>>): MedusaContainer {
  return {
    resolve: (key: string, options?: { allowUnregistered?: boolean }) => {
      if (key in modules) return modules[key]
      if (options?.allowUnregistered) return undefined
      throw new Error(`${key} is not registered`)
    },
  } as unknown as MedusaContainer
}

const FRESH_MS = 2_000

describe("recentLoans: the service's status answer for the store routes, shared for a moment", () => {
  // Two processes, loaded once (each copy loads Medusa's framework again); every test brings its own cache.
  let first: RecentLoansModule, second: RecentLoansModule
  beforeAll(() => {
    ;[first, second] = [processCopy(), processCopy()]
  })
  beforeEach(() => jest.useFakeTimers({ now: new Date("2026-11-28T12:00:00Z") }))
  afterEach(() => jest.useRealTimers())

  it("two processes sharing Medusa's cache ask the service once per moment, then again", async () => {
    const cache = new InMemoryCacheService({}, {})
    const scope = containerWith({ [Modules.CACHE]: cache })
    const { client, getLoans } = service(async () => [record(7, "REQUEST")])

    expect(await first.recentLoans(scope, client, "cart_1")).toEqual([{ loanId: 7, status: "REQUEST" }])
    expect(await second.recentLoans(scope, client, "cart_1")).toEqual([{ loanId: 7, status: "REQUEST" }])
    expect(getLoans).toHaveBeenCalledTimes(1)

    jest.advanceTimersByTime(FRESH_MS + 1)
    expect(await second.recentLoans(scope, client, "cart_1")).toEqual([{ loanId: 7, status: "REQUEST" }])
    expect(getLoans).toHaveBeenCalledTimes(2)
    expect(first.FRESH_MS).toBe(FRESH_MS)
  })

  it("copies that come together in one process share one request; other carts ask for themselves", async () => {
    const scope = containerWith({ [Modules.CACHE]: new InMemoryCacheService({}, {}) })
    const { client, getLoans } = service(async () => [])
    const { recentLoans } = first

    const answers = await Promise.all([...Array(10).fill("cart_1"), "cart_2"].map((cartId) => recentLoans(scope, client, cartId)))

    expect(answers).toEqual(Array(11).fill([]))
    expect(getLoans.mock.calls.map(([cartId]) => cartId).sort()).toEqual(["cart_1", "cart_2"])
  })

  it("a failed query is not remembered: the next request asks again", async () => {
    const scope = containerWith({ [Modules.CACHE]: new InMemoryCacheService({}, {}) })
    let down = true
    const { client, getLoans } = service(async () => {
      if (down) throw new Error("service down")
      return [record(8, "OUTSTANDING")]
    })
    const { recentLoans } = first

    expect(await recentLoans(scope, client, "cart_1")).toBeUndefined()
    down = false
    expect(await recentLoans(scope, client, "cart_1")).toEqual([{ loanId: 8, status: "OUTSTANDING" }])
    expect(getLoans).toHaveBeenCalledTimes(2)
  })

  it("uses the caching module when the store registers it, and keeps nothing of the shopper there", async () => {
    const caching = new MemoryCachingProvider({ logger: console, hasher: (key: string) => key } as never, {})
    const cachingModule = { get: jest.fn((input) => caching.get(input)), set: jest.fn((input) => caching.set(input)) }
    const legacy = new InMemoryCacheService({}, {})
    const scope = containerWith({ [Modules.CACHING]: cachingModule, [Modules.CACHE]: legacy })
    const { client, getLoans } = service(async () => [record(9, "CANCELLED")])

    await first.recentLoans(scope, client, "cart_1")
    expect(await second.recentLoans(scope, client, "cart_1")).toEqual([{ loanId: 9, status: "CANCELLED" }])

    expect(getLoans).toHaveBeenCalledTimes(1)
    const [stored] = cachingModule.set.mock.calls.map(([input]) => input)
    expect(stored).toMatchObject({ ttl: FRESH_MS / 1000, tags: [] })
    expect(JSON.stringify(stored.data)).not.toMatch(/Ana|López|ana@example.com|5512345678/)
    expect(await legacy.get(stored.key)).toBeNull()
  })

  it("a cache that fails, or holds something else under the key, costs a query and nothing more", async () => {
    const broken = { get: async () => Promise.reject(new Error("redis down")), set: async () => Promise.reject(new Error("redis down")) }
    const { client, getLoans } = service(async () => [record(10, "HISTORICAL")])
    const { recentLoans } = first

    expect(await recentLoans(containerWith({ [Modules.CACHE]: broken }), client, "cart_1")).toEqual([{ loanId: 10, status: "HISTORICAL" }])

    const odd = new InMemoryCacheService({}, {})
    await odd.set("bnpl:recent-loans:cart_1", { loans: [{ loanId: "ten" }] }, 60)
    expect(await recentLoans(containerWith({ [Modules.CACHE]: odd }), client, "cart_1")).toEqual([{ loanId: 10, status: "HISTORICAL" }])
    expect(getLoans).toHaveBeenCalledTimes(2)
  })
})
