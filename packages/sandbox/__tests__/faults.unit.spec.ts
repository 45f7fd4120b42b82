import { ServiceErrorBody } from "../wire"
import type { Sandbox, SandboxOptions } from "../index"
import { client, createLoan, MERCHANT, POS_HEADERS, type Receiver, startQuietSandbox, startReceiver, waitUntil } from "./helpers"

describe("faults", () => {
  let sandbox: Sandbox
  let receiver: Receiver | undefined

  beforeEach(async () => {
    sandbox = await startQuietSandbox({ seed: 42 })
  })
  afterEach(async () => {
    await sandbox.close()
    await receiver?.close()
    receiver = undefined
  })

  const status = (timeout = 0) => client.get(`${sandbox.baseUrl}/api/pos/loan/cart_01`, { headers: POS_HEADERS, timeout })
  const auth = () => client.post(`${sandbox.authUrl}/auth`, MERCHANT)

  it("errorRate 1 answers the service's 500 body and changes nothing", async () => {
    sandbox.setFaults({ loan: { errorRate: 1 } })
    const loan = createLoan(sandbox)
    await expect(loan).rejects.toThrow(/loan failed: 500/)
    const response = await auth()
    expect(response.status).toBe(200)
    sandbox.setFaults({ status: { errorRate: 1 } })
    const failed = await status()
    expect(failed.status).toBe(500)
    expect(failed.data).toEqual({
      timestamp: expect.any(String),
      status: 500,
      error: "Internal Server Error",
      message: "",
      path: "/api/pos/loan/cart_01",
    })
    expect(sandbox.state.loans.size).toBe(0)
    expect(sandbox.state.requests.at(-1)).toMatchObject({ status: 500, fault: "error" })
  })

  it("errorStatus 503 answers Service Unavailable", async () => {
    sandbox.setFaults({ status: { errorRate: 1, errorStatus: 503 } })
    const response = await status()
    expect(response.status).toBe(503)
    expect(ServiceErrorBody.parse(response.data).error).toBe("Service Unavailable")
  })

  it("failNext fails exactly the next N requests of that endpoint", async () => {
    sandbox.setFaults({ auth: { failNext: 2 } })
    expect((await status()).status).toBe(200)
    expect([(await auth()).status, (await auth()).status, (await auth()).status]).toEqual([500, 500, 200])
  })

  it("hangRate 1 never answers: the client times out, and close() does not wait for hung requests", async () => {
    sandbox.setFaults({ status: { hangRate: 1 } })
    await expect(status(150)).rejects.toThrow(/timeout/)
    expect(sandbox.state.requests.at(-1)).toMatchObject({ path: "/api/pos/loan/cart_01", status: null, fault: "hang" })
    const pending = status()
    await waitUntil(() => sandbox.state.requests.filter((request) => request.fault === "hang").length === 2)
    // Were hung sockets waited for, close() would never resolve and the test would time out.
    await sandbox.close()
    await expect(pending).rejects.toThrow()
  })

  it("malformedRate 1 answers 200 with JSON cut short", async () => {
    sandbox.setFaults({ status: { malformedRate: 1 } })
    const response = await client.get<string>(`${sandbox.baseUrl}/api/pos/loan/cart_01`, {
      headers: POS_HEADERS,
      responseType: "text",
      transitional: { silentJSONParsing: true, forcedJSONParsing: false },
    })
    expect(response.status).toBe(200)
    expect(response.headers["content-type"]).toMatch(/application\/json/)
    expect(() => JSON.parse(response.data)).toThrow(SyntaxError)
  })

  it("latencyMs delays the answer", async () => {
    sandbox.setFaults({ status: { latencyMs: 120 } })
    const started = Date.now()
    expect((await status()).status).toBe(200)
    expect(Date.now() - started).toBeGreaterThanOrEqual(110)
  })

  it("a seed makes a run of random faults reproducible", async () => {
    async function run(options: SandboxOptions): Promise<number[]> {
      const seeded = await startQuietSandbox(options)
      const statuses: number[] = []
      for (let i = 0; i < 12; i++) {
        statuses.push((await client.get(`${seeded.baseUrl}/api/pos/loan/x`, { headers: POS_HEADERS })).status)
      }
      await seeded.close()
      return statuses
    }
    const faults = { status: { errorRate: 0.5 } }
    const first = await run({ seed: 7, faults })
    expect(await run({ seed: 7, faults })).toEqual(first)
    expect(first).toContain(500)
    expect(first).toContain(200)
  })

  it("{} clears every fault, and a misspelt key is refused", async () => {
    sandbox.setFaults({ status: { errorRate: 1 } })
    sandbox.setFaults({})
    expect((await status()).status).toBe(200)
    expect(() => sandbox.setFaults({ status: { errorrate: 1 } } as never)).toThrow()
    expect(() => sandbox.setFaults({ status: { errorRate: 2 } })).toThrow()
  })

  it("webhook dropRate 1: recorded as dropped, never sent, never retried", async () => {
    receiver = await startReceiver()
    sandbox.setWebhook({ backoffMs: 10 })
    sandbox.setFaults({ webhook: { dropRate: 1 } })
    const { loanId } = await createLoan(sandbox, { webHookUrl: receiver.url })
    await sandbox.pay(loanId)
    await sandbox.idle()
    expect(receiver.hits).toHaveLength(0)
    expect(sandbox.state.webhooks).toEqual([expect.objectContaining({ loanId, status: null, error: expect.stringMatching(/dropped/) })])
    expect(sandbox.state.loans.get(loanId)?.status).toBe("OUTSTANDING")
  })

  it("webhook duplicateRate 1: the same webhook arrives twice", async () => {
    receiver = await startReceiver()
    sandbox.setFaults({ webhook: { duplicateRate: 1 } })
    const { loanId } = await createLoan(sandbox, { webHookUrl: receiver.url })
    await sandbox.pay(loanId)
    expect(receiver.hits).toHaveLength(2)
    expect(receiver.hits[0].body).toEqual(receiver.hits[1].body)
    expect(sandbox.state.webhooks.map((delivery) => delivery.duplicate).sort()).toEqual([false, true])
  })

  it("webhook delayMs holds the delivery back", async () => {
    receiver = await startReceiver()
    sandbox.setFaults({ webhook: { delayMs: 100 } })
    const { loanId } = await createLoan(sandbox, { webHookUrl: receiver.url })
    const started = Date.now()
    await sandbox.pay(loanId)
    expect(receiver.hits[0].at - started).toBeGreaterThanOrEqual(90)
  })
})
