import { startSandbox } from "../index"
import { client, createLoan, startQuietSandbox } from "./helpers"

describe("sandbox lifecycle and options", () => {
  it("serves on localhost with authUrl = url/api and baseUrl = url", async () => {
    const sandbox = await startQuietSandbox()
    try {
      expect(sandbox.url).toMatch(/^http:\/\/localhost:\d+$/)
      expect(sandbox.authUrl).toBe(`${sandbox.url}/api`)
      expect(sandbox.baseUrl).toBe(sandbox.url)
    } finally {
      await sandbox.close()
    }
  })

  it("refuses invalid options with a readable message", async () => {
    await expect(startSandbox({ installments: 0 })).rejects.toThrow("invalid sandbox options: installments: expected number to be >=1")
    const duplicate = { merchantId: 1, apiToken: "t", name: "n", approved: true }
    await expect(startSandbox({ merchants: [duplicate, duplicate] })).rejects.toThrow(/merchantId values must be unique/)
  })

  it("says so when the port is taken", async () => {
    const first = await startQuietSandbox()
    const port = Number(new URL(first.url).port)
    await expect(startQuietSandbox({ port })).rejects.toThrow(`port ${port} is in use`)
    await first.close()
  })

  it("uses the configured number of installments", async () => {
    const sandbox = await startQuietSandbox({ installments: 6 })
    const { url, loanId } = await createLoan(sandbox)
    expect(sandbox.state.loans.get(loanId)?.installments).toBe(6)
    const html = (await client.get<string>(url, { responseType: "text" })).data
    expect(html.match(/class="installment/g)).toHaveLength(6)
    await sandbox.close()
  })

  it("close() can be called twice and stops answering", async () => {
    const sandbox = await startQuietSandbox()
    await Promise.all([sandbox.close(), sandbox.close()])
    await expect(client.get(`${sandbox.url}/_sandbox`)).rejects.toThrow()
  })
})
