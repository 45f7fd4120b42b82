import axios from "axios"
import type { Sandbox } from "../index"
import { createLoan, startQuietSandbox, startReceiver, type Receiver } from "./helpers"

const PLAN_DAYS_MS = 14 * 24 * 60 * 60 * 1000

/** The English pages: these tests read the English texts; checkout-language.unit.spec.ts covers the Spanish default. */
const english = axios.create({ validateStatus: () => true, maxRedirects: 0, headers: { "accept-language": "en" } })

describe("checkout page", () => {
  let sandbox: Sandbox
  let receiver: Receiver

  beforeEach(async () => {
    sandbox = await startQuietSandbox()
    receiver = await startReceiver()
  })
  afterEach(async () => {
    await sandbox.close()
    await receiver.close()
  })

  const form = (url: string, action: "pay" | "cancel") =>
    english.post(url.replace(/\/checkout\/(\d+)\?/, `/checkout/$1/${action}?`), "", {
      headers: { "content-type": "application/x-www-form-urlencoded" },
    })

  it("shows the merchant, products, adjustments, total and an exact installment plan", async () => {
    const before = Date.now()
    const { url } = await createLoan(sandbox)
    const response = await english.get<string>(url, { responseType: "text" })
    const after = Date.now()
    expect(response.status).toBe(200)
    expect(response.headers["content-type"]).toMatch(/^text\/html/)
    const html = response.data
    for (const text of ["Tienda Demo", "Silla Eames", "Lámpara", "$500.00", "$1,000.00", "Envío", "$50.00", "Cupón", "−$15.50"]) {
      expect(html).toContain(text)
    }
    expect(html).toContain('id="total">$1,234.50<')
    // 1234.50 / 4: three of 308.62, the last absorbs the two cents left.
    expect(html.match(/class="installment[^"]*"><span>[^<]*<\/span><span>[^<]*<\/span>/g)).toEqual([
      expect.stringContaining("$308.62"),
      expect.stringContaining("$308.62"),
      expect.stringContaining("$308.62"),
      expect.stringContaining("$308.64"),
    ])
    // The page was drawn between `before` and `after`, which may straddle midnight (UTC).
    const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)
    const shownOn = (label: string, offsetMs: number) => [before, after].some((ms) => html.includes(`${label} · ${dayOf(ms + offsetMs)}`))
    expect(shownOn("Today", 0)).toBe(true)
    expect(shownOn("Installment 2", PLAN_DAYS_MS)).toBe(true)
    expect(html).toContain('id="pay"')
    expect(html).toContain('id="cancel"')
    expect(html).not.toMatch(/<(script|link|img)\b/)
  })

  it("escapes what the merchant sent", async () => {
    const { url } = await createLoan(sandbox, {
      totalPrice: 10,
      products: [{ id: "x", count: 1, price: 10, title: "<script>alert(1)</script>" }],
      discount: undefined,
      shipping: undefined,
      taxes: undefined,
    })
    const html = (await english.get<string>(url, { responseType: "text" })).data
    expect(html).not.toContain("<script>alert(1)")
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;")
  })

  it("answers 404 for a wrong token or an unknown loan", async () => {
    const { url, loanId } = await createLoan(sandbox)
    expect((await english.get(url.replace(/token=\w+/, "token=wrong"))).status).toBe(404)
    expect((await english.get(`${sandbox.url}/checkout/${loanId + 1}?token=x`)).status).toBe(404)
    expect((await form(url.replace(/token=\w+/, "token=wrong"), "pay")).status).toBe(404)
    expect(sandbox.state.loans.get(loanId)?.status).toBe("REQUEST")
  })

  it("pay: 303 to successUrl, loan OUTSTANDING, customer filled, webhook received", async () => {
    const { url, loanId } = await createLoan(sandbox, { webHookUrl: receiver.url })
    const response = await form(url, "pay")
    expect(response.status).toBe(303)
    expect(response.headers.location).toBe("http://store.test/success")
    const loan = sandbox.state.loans.get(loanId)
    expect(loan?.status).toBe("OUTSTANDING")
    expect(loan?.customer.email).toBe("ana@example.com")
    expect(Date.parse(loan?.authorizeDate ?? "")).not.toBeNaN()
    const [hit] = await receiver.waitFor(1)
    expect(hit.body).toEqual({ status: "Activo", loanId, cartId: "cart_01", merchantId: 1001 })
  })

  it("pay: sends the customer back before the store has answered the webhook, unless checkoutWaitsForWebhook", async () => {
    const slow = await startReceiver([200], 1500)
    try {
      const first = await createLoan(sandbox, { webHookUrl: slow.url })
      let answered = false
      void slow.waitFor(1).then(() => (answered = true))
      const started = Date.now()
      expect((await form(first.url, "pay")).status).toBe(303)
      expect(Date.now() - started).toBeLessThan(1500)
      expect(sandbox.state.webhooks.filter((d) => d.loanId === first.loanId)).toHaveLength(0)

      await sandbox.close()
      sandbox = await startQuietSandbox({ extensions: { checkoutWaitsForWebhook: true } })
      const second = await createLoan(sandbox, { webHookUrl: slow.url })
      const waited = Date.now()
      expect((await form(second.url, "pay")).status).toBe(303)
      expect(Date.now() - waited).toBeGreaterThanOrEqual(1400)
      expect(sandbox.state.webhooks.filter((d) => d.loanId === second.loanId)).toMatchObject([{ status: 200 }])
      expect(answered).toBe(true)
    } finally {
      await slow.close()
    }
  })

  it("refuses to pay a loan twice, showing its status", async () => {
    const { url } = await createLoan(sandbox, { webHookUrl: receiver.url })
    await form(url, "pay")
    const again = await form(url, "pay")
    expect(again.status).toBe(409)
    expect(again.data).toContain("cannot be paid")
    expect(again.data).toContain("OUTSTANDING")
    const page = await english.get<string>(url, { responseType: "text" })
    expect(page.data).toContain("OUTSTANDING")
    expect(page.data).not.toContain('id="pay"')
    await sandbox.idle()
    expect(receiver.hits).toHaveLength(1)
  })

  it("cancel: 303 to errorUrl, and the loan stays REQUEST", async () => {
    const { url, loanId } = await createLoan(sandbox, { webHookUrl: receiver.url })
    const response = await form(url, "cancel")
    expect(response.status).toBe(303)
    expect(response.headers.location).toBe("http://store.test/error")
    expect(sandbox.state.loans.get(loanId)?.status).toBe("REQUEST")
    expect(receiver.hits).toHaveLength(0)
  })

  it("an expired link answers 410 and cannot be paid", async () => {
    const { url, loanId } = await createLoan(sandbox)
    sandbox.expire(loanId)
    expect((await english.get(url)).status).toBe(410)
    expect((await form(url, "pay")).status).toBe(410)
    expect(sandbox.state.loans.get(loanId)?.status).toBe("REQUEST")
  })

  it("a declined loan shows as CANCELLED and sends no webhook", async () => {
    const { url, loanId } = await createLoan(sandbox, { webHookUrl: receiver.url })
    sandbox.decline(loanId)
    expect(sandbox.state.loans.get(loanId)?.status).toBe("CANCELLED")
    expect((await english.get<string>(url, { responseType: "text" })).data).toContain("CANCELLED")
    expect(() => sandbox.decline(loanId)).toThrow(/cannot be declined/)
    await expect(sandbox.pay(loanId)).rejects.toThrow(/cannot be paid/)
    expect(receiver.hits).toHaveLength(0)
  })
})
