import { SPARE_MAX_AGE_MS, SpareToken, expiryOf } from "../spare-token"

/** A Bearer value whose JWT claims are `claims` (unsigned: only the service verifies tokens). */
const bearer = (claims: object) => `Bearer e30.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.sig`

/** A token source that counts its fetches and answers them in order. */
function source(values: Array<string | Error>) {
  let fetched = 0
  const fetchToken = async () => {
    const value = values[fetched++]
    if (value instanceof Error) throw value
    return value
  }
  return { fetchToken, fetched: () => fetched }
}

const settle = () => new Promise((resolve) => setImmediate(resolve))

describe("SpareToken", () => {
  it("answers the first token itself and fetches the next one as it goes", async () => {
    const tokens = source(["Bearer spare-1", "Bearer own", "Bearer spare-2"])
    const spare = new SpareToken(tokens.fetchToken)
    // The first call starts the spare's fetch before its own: the spare gets the first answer.
    expect(await spare.take()).toEqual({ authorization: "Bearer own", spare: false })
    await settle()
    expect(await spare.take()).toEqual({ authorization: "Bearer spare-1", spare: true })
    expect(tokens.fetched()).toBe(3)
  })

  it("never hands out one token twice", async () => {
    const tokens = source(Array.from({ length: 20 }, (_, i) => `Bearer t${i}`))
    const spare = new SpareToken(tokens.fetchToken)
    const taken = await Promise.all(Array.from({ length: 8 }, () => spare.take()))
    await settle()
    taken.push(await spare.take(), await spare.take())
    const values = taken.map((t) => t.authorization)
    expect(new Set(values).size).toBe(values.length)
  })

  it("drops a spare older than a minute and fetches its own", async () => {
    let now = 1_000_000
    const tokens = source(["Bearer spare-1", "Bearer own-1", "Bearer spare-2", "Bearer own-2"])
    const spare = new SpareToken(tokens.fetchToken, () => now)
    await spare.take()
    await settle()
    now += SPARE_MAX_AGE_MS
    expect(await spare.take()).toEqual({ authorization: "Bearer own-2", spare: false })
  })

  it("drops a spare whose exp is less than 30 s away", async () => {
    const now = 1_000_000_000
    const soon = bearer({ exp: (now + 20_000) / 1000 })
    const later = bearer({ exp: (now + 300_000) / 1000 })
    const tokens = source([soon, "Bearer own-1", later, "Bearer own-2", "Bearer spare-3"])
    const spare = new SpareToken(tokens.fetchToken, () => now)
    await spare.take()
    await settle()
    expect(await spare.take()).toEqual({ authorization: "Bearer own-2", spare: false })
    await settle()
    expect(await spare.take()).toEqual({ authorization: later, spare: true })
  })

  it("lets a failed fetch of the spare pass silently: the next call fetches its own", async () => {
    const tokens = source([new Error("503"), "Bearer own-1", "Bearer spare-2", "Bearer own-2"])
    const spare = new SpareToken(tokens.fetchToken)
    expect(await spare.take()).toEqual({ authorization: "Bearer own-1", spare: false })
    await settle()
    expect(spare.hasSpare).toBe(false)
    expect(await spare.take()).toEqual({ authorization: "Bearer own-2", spare: false })
  })
})

describe("expiryOf", () => {
  it("reads a JWT's exp in ms, and nothing from what is not a JWT", () => {
    expect(expiryOf(bearer({ exp: 1700000000 }))).toBe(1_700_000_000_000)
    expect(expiryOf(bearer({ sub: "x" }))).toBeUndefined()
    expect(expiryOf("Bearer opaque-token")).toBeUndefined()
    expect(expiryOf("Bearer a.%%%.c")).toBeUndefined()
  })
})
