import { runCli } from "../cli/run"
import type { Sandbox } from "../index"
import { createLoan, type Receiver, startQuietSandbox, startReceiver } from "./helpers"

describe("sandbox CLI", () => {
  let sandbox: Sandbox
  let receiver: Receiver
  let out: string[]
  let err: string[]

  beforeEach(async () => {
    sandbox = await startQuietSandbox()
    receiver = await startReceiver()
    out = []
    err = []
  })
  afterEach(async () => {
    await sandbox.close()
    await receiver.close()
  })

  async function cli(...argv: string[]): Promise<number> {
    const io = { out: (text: string) => out.push(text), err: (text: string) => err.push(text), env: {} }
    const { exitCode, sandbox: served } = await runCli([...argv, "--url", sandbox.url], io)
    await served?.close()
    return exitCode
  }

  it("lists loans as a table and shows one in detail", async () => {
    const { loanId, url } = await createLoan(sandbox)
    expect(await cli("loans")).toBe(0)
    expect(out[0]).toMatch(/^loanId\s+cartId\s+merchant\s+status\s+total/)
    expect(out[0]).toMatch(new RegExp(`${loanId}\\s+cart_01\\s+1001\\s+REQUEST\\s+1234\\.50`))
    expect(await cli("loan", String(loanId))).toBe(0)
    expect(out[1]).toContain(`Checkout:     ${url}`)
    expect(out[1]).toContain("Silla Eames")
  })

  it("pays, declines, expires and redelivers", async () => {
    const paid = await createLoan(sandbox, { webHookUrl: receiver.url })
    expect(await cli("pay", String(paid.loanId))).toBe(0)
    expect(out.at(-1)).toMatch(/is OUTSTANDING\.\nWebhook for loan \d+, attempt 1 -> .*: HTTP 200/)
    expect(await cli("redeliver", String(paid.loanId))).toBe(0)
    expect(out.at(-1)).toMatch(/attempt 2 .*HTTP 200/)
    const declined = await createLoan(sandbox)
    expect(await cli("decline", String(declined.loanId))).toBe(0)
    expect(sandbox.state.loans.get(declined.loanId)?.status).toBe("CANCELLED")
    const expired = await createLoan(sandbox)
    expect(await cli("expire", String(expired.loanId))).toBe(0)
    expect(sandbox.state.loans.get(expired.loanId)?.expired).toBe(true)
    expect(await cli("webhooks")).toBe(0)
    expect(out.at(-1)).toMatch(/^at\s+loanId\s+cartId\s+attempt\s+status/)
  })

  it("prints requests, sets and clears faults, resets", async () => {
    await createLoan(sandbox)
    expect(await cli("requests")).toBe(0)
    expect(out.at(-1)).toMatch(/POST\s+\/api\/loan\s+200/)
    expect(await cli("faults", '{"status":{"errorRate":1}}')).toBe(0)
    expect(out.at(-1)).toContain('"errorRate": 1')
    expect(await cli("faults", "clear")).toBe(0)
    expect(out.at(-1)).toBe("Faults: {}")
    expect(await cli("reset")).toBe(0)
    expect(sandbox.state.loans.size).toBe(0)
  })

  it("explains mistakes with exit code 1", async () => {
    expect(await cli("pay")).toBe(1)
    expect(err.at(-1)).toMatch(/loanId is required/)
    expect(await cli("pay", "999")).toBe(1)
    expect(err.at(-1)).toMatch(/404.*no loan 999/)
    expect(await cli("faults", "{nope")).toBe(1)
    expect(await cli("frobnicate")).toBe(1)
    expect(err.at(-1)).toMatch(/Unknown command 'frobnicate'/)
    const io = { out: (text: string) => out.push(text), err: (text: string) => err.push(text), env: {} }
    expect((await runCli(["loans", "--url", "http://127.0.0.1:9"], io)).exitCode).toBe(1)
    expect(err.at(-1)).toMatch(/no sandbox answers at http:\/\/127\.0\.0\.1:9/)
  })

  it("help lists every command", async () => {
    expect(await cli("help")).toBe(0)
    for (const command of [
      "serve",
      "--webhook-url",
      "loans",
      "loan <loanId>",
      "pay <loanId>",
      "decline",
      "expire",
      "redeliver",
      "refund <cartId>",
      "requests",
      "webhooks",
      "faults",
      "reset",
    ]) {
      expect(out[0]).toContain(command)
    }
  })

  it("serve starts a sandbox from flags and environment, printing URLs and credentials", async () => {
    const io = {
      out: (text: string) => out.push(text),
      err: (text: string) => err.push(text),
      env: { SANDBOX_PORT: "0", BNPL_WEBHOOK_AUTH: "bearer", BNPL_WEBHOOK_TOKEN: "env-token" },
    }
    const { exitCode, sandbox: served } = await runCli(["serve"], io)
    try {
      expect(exitCode).toBe(0)
      expect(served?.url).toMatch(/^http:\/\/localhost:\d+$/)
      const banner = out.find((line) => line.includes("authUrl")) ?? ""
      expect(banner).toContain(`authUrl  ${served?.authUrl}`)
      expect(banner).toContain("sandbox-api-token")
      expect(banner).toContain("webhook  auth bearer")
    } finally {
      await served?.close()
    }
    expect((await runCli(["serve", "--webhook-auth", "magic"], io)).exitCode).toBe(1)
  })

  it("serve --webhook-url sends every webhook there, whatever the loan's webHookUrl says", async () => {
    const io = { out: (text: string) => out.push(text), err: (text: string) => err.push(text), env: {}, program: "npx bnpl-sandbox" }
    const { exitCode, sandbox: served } = await runCli(["serve", "--port", "0", "--webhook-url", receiver.url], io)
    try {
      expect(exitCode).toBe(0)
      if (!served) throw new Error("serve left no sandbox")
      const banner = out.find((line) => line.includes("authUrl")) ?? ""
      expect(banner).toContain(`webhook  auth none, sent to ${receiver.url}`)
      expect(banner).toContain("In another terminal: npx bnpl-sandbox loans")
      const { loanId } = await createLoan(served, { webHookUrl: "http://127.0.0.1:9/unreachable" })
      await served.pay(loanId)
      expect(receiver.hits).toEqual([expect.objectContaining({ body: expect.objectContaining({ loanId }) })])
      expect(served.state.webhooks[0]).toMatchObject({ url: receiver.url, status: 200 })
    } finally {
      await served?.close()
    }
    expect((await runCli(["serve", "--port", "0", "--webhook-url", "ftp://nope"], io)).exitCode).toBe(1)
    expect(err.at(-1)).toMatch(/must be an http\(s\) URL/)
  })
})
