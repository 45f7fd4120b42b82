import { sharedClient } from "../shared-client"

const config = { authUrl: "http://service.test/api", baseUrl: "http://service.test", apiToken: "token-a", merchantId: 7, timeoutMs: 4000, retries: 1 }

describe("sharedClient", () => {
  it("answers the same client for the same configuration, however it is passed", () => {
    expect(sharedClient({ ...config })).toBe(sharedClient({ ...config }))
  })

  it("answers another client when any part of the configuration differs", () => {
    const one = sharedClient(config)
    for (const change of [{ apiToken: "token-b" }, { merchantId: 8 }, { baseUrl: "http://other.test" }, { timeoutMs: 500 }, { retries: 0 }]) {
      expect(sharedClient({ ...config, ...change })).not.toBe(one)
    }
  })
})
