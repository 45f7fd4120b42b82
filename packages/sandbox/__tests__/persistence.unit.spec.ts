import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Sandbox } from "../index"
import { client, createLoan, POS_HEADERS, startQuietSandbox, waitUntil } from "./helpers"

describe("persistence", () => {
  let dir: string
  let file: string
  let sandbox: Sandbox | undefined

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "bnpl-sandbox-"))
    file = join(dir, "nested", "sandbox.json")
  })
  afterEach(async () => {
    await sandbox?.close()
    sandbox = undefined
    rmSync(dir, { recursive: true, force: true })
  })

  const refund = (target: Sandbox, totalAmount: string) =>
    client.post(`${target.baseUrl}/api/pos/loan/refund`, { cartId: "cart_01", totalAmount, reason: "r" }, { headers: POS_HEADERS })

  it("keeps loans, refunds and next ids across a restart", async () => {
    sandbox = await startQuietSandbox({ persistFile: file, refundSettleMs: 10_000 })
    const { loanId, url } = await createLoan(sandbox)
    await sandbox.pay(loanId)
    await refund(sandbox, "100.00")
    await sandbox.close()

    sandbox = await startQuietSandbox({ persistFile: file, refundSettleMs: 10_000 })
    expect(sandbox.state.loans.get(loanId)).toMatchObject({ status: "OUTSTANDING", customer: { email: "ana@example.com" } })
    expect(sandbox.state.loans.get(loanId)?.refunds).toEqual([expect.objectContaining({ refundId: 7001, status: "REQUESTED" })])
    expect((await createLoan(sandbox)).loanId).toBe(loanId + 1)
    expect((await refund(sandbox, "1.00")).data.refundId).toBe(7002)
    // The checkout link of a restored loan still works (it is paid, so it says so).
    const page = await client.get<string>(url.replace(/^http:\/\/localhost:\d+/, sandbox.url), { responseType: "text" })
    expect(page.status).toBe(200)
    expect(page.data).toContain("OUTSTANDING")
  })

  it("saves shortly after a change, without waiting for close", async () => {
    sandbox = await startQuietSandbox({ persistFile: file })
    await createLoan(sandbox)
    await waitUntil(() => {
      try {
        return JSON.parse(readFileSync(file, "utf8")).loans.length === 1
      } catch {
        return false
      }
    }, 1000)
  })

  it("settles a refund that was still REQUESTED when the sandbox stopped", async () => {
    sandbox = await startQuietSandbox({ persistFile: file, refundSettleMs: 150 })
    const { loanId } = await createLoan(sandbox)
    await sandbox.pay(loanId)
    await refund(sandbox, "1234.50")
    await sandbox.close()
    sandbox = await startQuietSandbox({ persistFile: file, refundSettleMs: 150 })
    await waitUntil(() => sandbox?.state.loans.get(loanId)?.status === "HISTORICAL", 2000)
  })

  it("refuses to start on a corrupt file, saying how to fix it", async () => {
    writeFileSync(join(dir, "bad.json"), '{"version":1,"loans":"nope"}')
    await expect(startQuietSandbox({ persistFile: join(dir, "bad.json") })).rejects.toThrow(/delete it to start afresh/)
  })
})
