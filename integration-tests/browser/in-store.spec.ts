import type { Page } from "playwright-core"
import { SAMPLE_SHIPPING_ADDRESS } from "../../src/scripts/demo-data"
import { adminHeaders } from "./helpers/admin-api"
import { call } from "./helpers/call"
import type { RunningDemo } from "./helpers/demo"
import { adminIn } from "./helpers/pages"
import { useSharedDemo } from "./helpers/shared-demo-suite"
import { storeApi } from "./helpers/store-api"

/**
 * Sales by phone on the order page, in real Chromium against `npm start` (whose sandbox is the
 * service's in-store API, sales made at its branch 1): an order the admin built as a draft and
 * converted, the installments link sent by WhatsApp and shown as a QR from the card, and the card
 * showing the payment once the customer paid from the link in the sandbox's outbox, without a
 * reload. What the admin sees is checked in the page; what the customer received, in the
 * sandbox's outbox; the money, in Medusa's admin API.
 */
jest.setTimeout(300_000)

const { demo, browser, shots, logIn, withPage } = useSharedDemo("in-store-")

it("sends the installments link by WhatsApp, shows the QR, and shows the payment confirmed once the customer pays", async () => {
  await withPage("in-store", adminIn("en"), async (page) => {
    const { backendUrl, sandboxUrl } = demo()
    const order = await convertedDraftOrder(demo())
    await logIn(page)

    // The first test to open an order page may wait for vite to compile it on a loaded machine.
    await page.goto(`${backendUrl}/app/orders/${order.id}`, { timeout: 120_000 })
    const card = page.getByTestId("bnpl-in-store-card")
    await card.waitFor({ timeout: 120_000 })
    await expect(card.getByRole("heading").textContent()).resolves.toBe("Send installments link")
    const asks = /The order asks ([\d.]+) MXN\./.exec((await card.textContent()) ?? "")
    expect(Number(asks?.[1])).toBe(order.total)
    // Prefilled from the order's shipping address; the admin types the number the customer gave.
    const phone = card.getByLabel("Customer's phone (10 digits)")
    await expect(phone.inputValue()).resolves.toBe(SAMPLE_SHIPPING_ADDRESS.phone)
    await phone.fill("55 1234 5678")
    await chooseChannel(page, "WhatsApp")
    await card.getByRole("button", { name: "Send installments link" }).click()

    const sale = card.getByTestId("bnpl-in-store-sale")
    await sale.getByText("Sent to 55 1234 5678 by WhatsApp.").waitFor()
    await expect(sale.textContent()).resolves.toContain("Waiting for payment")
    const [whatsapp] = await outbox(sandboxUrl)
    expect([whatsapp?.phone, whatsapp?.channel]).toEqual(["5512345678", "WHATSAPP"])
    await shots.take(page, "sent-by-whatsapp")

    // The customer is at the counter after all: the admin cancels the link and shows a QR instead.
    await card.getByRole("button", { name: "Cancel" }).click()
    await card.getByRole("button", { name: "Send installments link" }).waitFor()
    // The form comes back as it starts, with the order's phone: the admin types the customer's again.
    await expect(phone.inputValue()).resolves.toBe(SAMPLE_SHIPPING_ADDRESS.phone)
    await phone.fill("55 1234 5678")
    await chooseChannel(page, "QR code to scan")
    await card.getByRole("button", { name: "Send installments link" }).click()
    await sale.getByText("QR code for 55 1234 5678: let the customer scan it.").waitFor()
    const qr = card.getByRole("img", { name: "QR code of the installments link" })
    await expect(qr.getAttribute("src")).resolves.toMatch(/^data:image\/svg\+xml/)
    await expect(qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).resolves.toBe(true)
    const messages = await outbox(sandboxUrl)
    expect(messages.map((m) => [m.phone, m.channel])).toEqual([
      ["5512345678", "WHATSAPP"],
      ["5512345678", "QR"],
    ])
    expect(messages[1].loanId).not.toBe(messages[0].loanId)
    await expect(loanStatus(sandboxUrl, messages[0].loanId)).resolves.toBe("CANCELLED")
    await shots.take(page, "qr-shown")

    // The customer scans the code: the link, on the phone's own browser, and the page's Pay button.
    await payOnPhone(messages[1].link)

    // The card asks the status again by itself while the link waits: no reload.
    await sale.getByText("Paid", { exact: true }).waitFor({ timeout: 60_000 })
    await card.getByTestId("bnpl-in-store-confirmed").waitFor({ timeout: 60_000 })
    await expect(card.getByTestId("bnpl-in-store-confirmed").textContent()).resolves.toBe("Payment confirmed: the order's payment is authorized.")
    await expect(qr.count()).resolves.toBe(0)
    await expect(card.getByRole("button", { name: "Send installments link" }).count()).resolves.toBe(0)
    await shots.take(page, "paid")

    const payments = await paymentsOf(demo(), order.id)
    expect(payments.map((p) => [p.provider_id, p.data.loan_id, Number(p.amount)])).toEqual([["pp_bnpl_bnpl", messages[1].loanId, order.total]])
  })
}, 600_000)

// ---- the admin in the browser ------------------------------------------------------------

/** Medusa's select: its trigger is the card's combobox, its choices a listbox in a portal. */
async function chooseChannel(page: Page, name: string): Promise<void> {
  await page.getByTestId("bnpl-in-store-card").getByRole("combobox").click()
  await page.getByRole("option", { name }).click()
}

/** The customer's phone: another browser, which opens the link and presses Pay first installment. */
async function payOnPhone(link: string): Promise<void> {
  const phone = await browser().newContext({ viewport: { width: 390, height: 844 }, locale: "es-MX" })
  try {
    const page = await phone.newPage()
    await page.goto(link)
    await page.locator("#pay").click()
    await page.waitForURL((url) => url.pathname.endsWith("/checkout/paid"))
  } finally {
    await phone.close()
  }
}

// ---- what the test sets up and reads, through the same doors a merchant and a developer use --

/**
 * An order as a merchant takes one by phone: a draft order built in the admin API (two headphones,
 * shipped to the sample address, whose phone the card suggests), converted to an order. It has no
 * payment collection yet: the card asks its total.
 */
async function convertedDraftOrder(running: RunningDemo): Promise<{ id: string; total: number }> {
  const { backendUrl } = running
  const headers = await adminHeaders(running)
  const { publishableKey } = await storeApi(backendUrl)
  const store = { "x-publishable-api-key": publishableKey }
  const { regions } = await call<{ regions: Array<{ id: string; currency_code: string }> }>(`${backendUrl}/store/regions`, { headers: store })
  const region = regions.find((r) => r.currency_code === "mxn")
  if (!region) throw new Error("the demo store has no MXN region")
  const { products } = await call<{ products: Array<{ title: string; variants: Array<{ id: string }> }> }>(
    `${backendUrl}/store/products?region_id=${region.id}&fields=title,*variants&limit=50`,
    { headers: store },
  )
  const variant = products.find((p) => p.title === "Audífonos inalámbricos")?.variants[0]
  if (!variant) throw new Error("the demo store lists no Audífonos inalámbricos")
  // The store's own channel, the one its stock location serves.
  const { stores } = await call<{ stores: Array<{ default_sales_channel_id: string }> }>(
    `${backendUrl}/admin/stores?fields=default_sales_channel_id`,
    {
      headers,
    },
  )
  const { draft_order } = await call<{ draft_order: { id: string } }>(`${backendUrl}/admin/draft-orders`, {
    headers,
    body: {
      region_id: region.id,
      sales_channel_id: stores[0]?.default_sales_channel_id,
      email: "cliente.mostrador@example.com",
      shipping_address: SAMPLE_SHIPPING_ADDRESS,
      billing_address: SAMPLE_SHIPPING_ADDRESS,
      items: [{ variant_id: variant.id, quantity: 2 }],
    },
  })
  await call(`${backendUrl}/admin/draft-orders/${draft_order.id}/convert-to-order`, { headers, body: {} })
  const { order } = await call<{ order: { id: string; total: number } }>(`${backendUrl}/admin/orders/${draft_order.id}?fields=id,total`, { headers })
  return { id: order.id, total: Number(order.total) }
}

interface OutboxMessage {
  loanId: number
  phone: string
  channel: string
  link: string
}

/** What the sandbox "sent" to the sample phone, oldest first (its control API). */
const outbox = (sandboxUrl: string) => call<OutboxMessage[]>(`${sandboxUrl}/_sandbox/outbox?phone=5512345678`)

const loanStatus = async (sandboxUrl: string, loanId: number) => (await call<{ status: string }>(`${sandboxUrl}/_sandbox/loans/${loanId}`)).status

/** The order's payments as Medusa's admin API answers them. */
async function paymentsOf(running: RunningDemo, orderId: string) {
  const fields = encodeURIComponent("*payment_collections.payments")
  const { order } = await call<{
    order: { payment_collections: Array<{ payments?: Array<{ provider_id: string; amount: number; data: { loan_id: number } }> }> }
  }>(`${running.backendUrl}/admin/orders/${orderId}?fields=${fields}`, { headers: await adminHeaders(running) })
  return order.payment_collections.flatMap((c) => c.payments ?? [])
}
