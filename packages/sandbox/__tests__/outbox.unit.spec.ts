import { z } from "zod"
import { runCli } from "../cli/run"
import type { Sandbox } from "../index"
import { OutboxMessage } from "../state"
import { client, createPosLoan, POS_HEADERS, startQuietSandbox } from "./helpers"

describe("the outbox: checkout links sent to customers' phones", () => {
  let sandbox: Sandbox

  beforeEach(async () => {
    sandbox = await startQuietSandbox()
  })
  afterEach(() => sandbox.close())

  /** Three messages: a WhatsApp to one phone, a QR for another, an SMS resent to the first. */
  async function sendThree(): Promise<void> {
    await createPosLoan(sandbox, { cartId: "cart_a", custLogin: "5511111111", commChannel: "w" })
    await createPosLoan(sandbox, { cartId: "cart_b", custLogin: "5522222222", commChannel: "q" })
    const resend = { target: { phoneNumber: "5511111111" }, channels: ["SMS"] }
    await client.post(`${sandbox.merchantUrl}/merchant/send-checkout/cart_a`, resend, { headers: POS_HEADERS })
  }

  it("GET /_sandbox/outbox lists them oldest first, by phone or cart on request; DELETE clears them", async () => {
    await sendThree()
    const outbox = async (query = "") => z.array(OutboxMessage).parse((await client.get(`${sandbox.url}/_sandbox/outbox${query}`)).data)
    expect((await outbox()).map((message) => [message.cartId, message.channel, message.phone])).toEqual([
      ["cart_a", "WHATSAPP", "5511111111"],
      ["cart_b", "QR", "5522222222"],
      ["cart_a", "SMS", "5511111111"],
    ])
    expect((await outbox("?phone=5511111111")).map((message) => message.channel)).toEqual(["WHATSAPP", "SMS"])
    expect((await outbox("?cartId=cart_b")).map((message) => message.channel)).toEqual(["QR"])
    expect((await client.get(`${sandbox.url}/_sandbox`)).data).toMatchObject({ merchantUrl: sandbox.url, outbox: 3 })
    expect((await client.delete(`${sandbox.url}/_sandbox/outbox`)).data).toEqual({ cleared: 3 })
    expect(await outbox()).toEqual([])
    expect(sandbox.state.loans.size).toBe(2)
  })

  it("is forgotten by reset with the loans; sandbox.outbox() is a copy", async () => {
    await sendThree()
    sandbox.outbox().pop()
    expect(sandbox.outbox()).toHaveLength(3)
    expect((await client.post(`${sandbox.url}/_sandbox/reset`)).status).toBe(200)
    expect(sandbox.outbox()).toEqual([])
  })

  it("the CLI's outbox command prints them, and clears them", async () => {
    const out: string[] = []
    const io = { out: (text: string) => out.push(text), err: (text: string) => out.push(`ERR ${text}`), env: {} }
    expect((await runCli(["outbox", "--url", sandbox.url], io)).exitCode).toBe(0)
    expect(out.at(-1)).toBe("No messages sent yet.")
    await sendThree()
    const link = sandbox.outbox()[0].link
    expect((await runCli(["outbox", "--url", sandbox.url], io)).exitCode).toBe(0)
    expect(out.at(-1)).toMatch(/^at\s+channel\s+phone\s+cartId\s+loanId\s+link\n/)
    expect(out.at(-1)).toMatch(new RegExp(`WHATSAPP\\s+5511111111\\s+cart_a\\s+5001\\s+${link.replace(/[?.]/g, "\\$&")}`))
    expect(out.at(-1)).toMatch(/QR\s+5522222222\s+cart_b\s+5002/)
    expect((await runCli(["loan", "5002", "--url", sandbox.url], io)).exitCode).toBe(0)
    expect(out.at(-1)).toContain("In-store:     phone 5522222222, branch 1, commChannel q")
    expect((await runCli(["outbox", "clear", "--url", sandbox.url], io)).exitCode).toBe(0)
    expect(out.at(-1)).toBe("Outbox cleared (3 messages).")
    expect((await runCli(["outbox", "everything", "--url", sandbox.url], io)).exitCode).toBe(1)
    expect(out.at(-1)).toMatch(/outbox takes nothing or 'clear'/)
    expect((await runCli(["help"], io)).exitCode).toBe(0)
    expect(out.at(-1)).toContain("outbox [clear]")
  })

  it("GET /outbox shows them to a person, newest first, each with its link, a QR as its code; ?phone= keeps one phone's", async () => {
    await sendThree()
    const page = async (query = "", language = "en") =>
      (await client.get<string>(`${sandbox.url}/outbox${query}`, { responseType: "text", headers: { "accept-language": language } })).data
    const html = await page()
    const channels = [...html.matchAll(/<li class="message" data-channel="(\w+)">/g)].map((match) => match[1])
    expect(channels).toEqual(["SMS", "QR", "WHATSAPP"])
    for (const message of sandbox.outbox()) expect(html).toContain(`href="${message.link}"`)
    expect(html).toContain("Sent by WhatsApp")
    expect(html).toContain("QR code shown")
    expect(html).toContain("Cart cart_a · Loan #5001 · REQUEST")
    expect(html.match(/<svg /g)).toHaveLength(1)
    expect(await page("?phone=5522222222")).not.toContain("cart_a")
    expect(await page("", "es-MX")).toContain("Enviado por WhatsApp")
    await sandbox.pay(5001)
    expect(await page()).toContain("Loan #5001 · OUTSTANDING")
  })

  it("GET /outbox says when nothing has been sent", async () => {
    const response = await client.get<string>(`${sandbox.url}/outbox?lang=en`, { responseType: "text" })
    expect(response.status).toBe(200)
    expect(response.headers["content-type"]).toMatch(/^text\/html/)
    expect(response.data).toContain("No message has been sent yet.")
  })
})
