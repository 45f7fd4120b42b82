import { IN_MEMORY_LOCKING_WARNING, inMemoryLockingWarning, locksInMemory } from "../loaders/locking-config"

const redisLocking = {
  resolve: "@medusajs/medusa/locking",
  options: { providers: [{ resolve: "@medusajs/medusa/locking-redis", id: "locking-redis", is_default: true, options: {} }] },
}

describe("locksInMemory: which provider Medusa's locking module will pick", () => {
  it.each([
    ["the module as Medusa's defaults register it", { resolve: "@medusajs/medusa/locking" }],
    ["no providers listed", { resolve: "@medusajs/medusa/locking", options: { providers: [] } }],
    ["the module disabled", { disable: true }],
    ["the module missing", undefined],
    ["two providers, none the default", { options: { providers: [{ id: "a" }, { id: "b" }] } }],
    ["the in-memory provider marked default", { options: { providers: [{ id: "in-memory", is_default: true }, { id: "b" }] } }],
  ])("in-memory with %s", (_, config) => {
    expect(locksInMemory(config)).toBe(true)
  })

  it.each([
    ["Redis marked default", redisLocking],
    ["a single provider, not marked", { options: { providers: [{ id: "locking-postgres" }] } }],
    ["one of two marked default", { options: { providers: [{ id: "a" }, { id: "locking-redis", is_default: true }] } }],
  ])("shared with %s", (_, config) => {
    expect(locksInMemory(config)).toBe(false)
  })
})

describe("inMemoryLockingWarning", () => {
  it("warns in production when locking is in-memory, naming the risk", () => {
    const warning = inMemoryLockingWarning("production", { locking: { resolve: "@medusajs/medusa/locking" } })
    expect(warning).toBe(IN_MEMORY_LOCKING_WARNING)
    expect(warning).toContain("confirm a loan twice")
  })

  it("stays silent in production with Redis locking", () => {
    expect(inMemoryLockingWarning("production", { locking: redisLocking })).toBeUndefined()
  })

  it.each([["development"], ["test"], [undefined]])("stays silent when NODE_ENV is %s", (nodeEnv) => {
    expect(inMemoryLockingWarning(nodeEnv, { locking: { resolve: "@medusajs/medusa/locking" } })).toBeUndefined()
  })
})
