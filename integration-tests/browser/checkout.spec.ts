import type { Page } from "playwright-core"
import { adminToken, listOrders } from "./helpers/admin-api"
import { useSharedDemo } from "./helpers/shared-demo-suite"
import { Timings } from "./helpers/timings"
import { cartWith, storeApi } from "./helpers/store-api"
import { SAMPLE_SHIPPING_ADDRESS } from "../../src/scripts/demo-data"

/**
 * A person trying the plugin: `npm start`, then the demo storefront at /demo (built on the
 * plugin's storefront kit), the financing sandbox's checkout page, and the placed order. In
 * English (an en-US browser) and in Spanish (es-MX, the default). Real Chromium, real
 * processes, nothing mocked. The admin's side (order widget, loans page) is admin.spec.ts.
 */
jest.setTimeout(240_000)

const timings = new Timings()
const { timed } = timings
// The demo is the suite's shared one (helpers/shared-demo.ts), which admin.spec.ts uses after this file.
const { demo, shots, withPage } = useSharedDemo("storefront-", { timings })

const BUYER_EMAIL = "ana.lopez@example.com"

/** The store API calls a page makes, as "GET /store/bnpl/offer", in order. */
function storeCalls(page: Page): string[] {
  const calls: string[] = []
  page.on("request", (request) => {
    const url = new URL(request.url())
    if (url.pathname.startsWith("/store/"))
      calls.push(`${request.method()} ${url.pathname.replace(/cart_\w+/, ":id").replace(/pay_col_\w+|paycol_\w+/, ":pc")}`)
  })
  return calls
}

/** "o 4 pagos de $812.62 cada 2 semanas" and its English twin. */
const SPANISH_OFFER = /^o 4 pagos de \$[\d,]+\.\d{2} cada 2 semanas( \(el último de \$[\d,]+\.\d{2}\))?$/
const ENGLISH_OFFER = /^or 4 payments of MX\$[\d,]+\.\d{2} every 2 weeks( \(the last one MX\$[\d,]+\.\d{2}\))?$/

/** The amount in a formatted price such as "$3,097.00". */
const amountOf = (text: string | null) => Number((text ?? "").replace(/[^\d.]/g, ""))

afterAll(() => console.log(`browser suite: timings (ms) ${JSON.stringify(timings.ms)}`))

it("pays in installments from /demo through the sandbox's checkout page to a placed order", async () => {
  await withPage("checkout", { locale: "en-US" }, async (page) => {
    const { backendUrl, sandboxUrl } = demo()
    const calls = storeCalls(page)
    await timed("storefront load", async () => {
      await page.goto(`${backendUrl}/demo`)
      await page.locator("[data-product]").first().waitFor()
    })
    await expect(page.locator("[data-offer]:not(:empty)").first().textContent({ timeout: 30_000 })).resolves.toMatch(ENGLISH_OFFER)
    await shots.take(page, "storefront")

    const product = page.locator("[data-product]").nth(2)
    const productTitle = await product.getAttribute("data-title")
    await product.click()
    await page.fill("#quantity", "2")
    await page.fill("#email", BUYER_EMAIL)
    await page.check("#pay-installments")
    await timed("to sandbox checkout", async () => {
      await page.click("#checkout")
      await page.waitForURL((url) => url.href.startsWith(`${sandboxUrl}/checkout/`))
    })
    await page.locator("#pay").waitFor()
    // Through the kit: the offer, the cart's eligibility, then the session.
    expect(calls).toEqual(expect.arrayContaining(["GET /store/bnpl/offer", "GET /store/carts/:id/bnpl"]))
    expect(calls.indexOf("GET /store/carts/:id/bnpl")).toBeLessThan(calls.findIndex((c) => c.endsWith("/payment-sessions")))
    await expect(page.locator("#pay").textContent()).resolves.toBe("Pay first installment")
    const loanTotal = amountOf(await page.textContent("#total"))
    expect(loanTotal).toBeGreaterThan(0)
    await expect(page.locator("table").textContent()).resolves.toContain(productTitle)
    await shots.take(page, "sandbox-checkout")

    await timed("pay to order shown", async () => {
      await page.click("#pay")
      await page.waitForURL((url) => url.pathname === "/demo/checkout/bnpl/success" && url.searchParams.has("cart_id"))
      await expect(page.locator("#order-number").textContent({ timeout: 30_000 })).resolves.toMatch(/#\d+/)
    })
    await shots.take(page, "order-placed")

    const displayId = Number((await page.textContent("#order-number"))!.match(/#(\d+)/)![1])
    const token = await adminToken(backendUrl, demo().admin)
    const order = (await listOrders(backendUrl, token)).find((o) => o.display_id === displayId)
    expect(order).toMatchObject({ email: BUYER_EMAIL, currency_code: "mxn", total: loanTotal, items: [{ product_title: productTitle, quantity: 2 }] })
    const payments = order!.payment_collections?.flatMap((c) => c.payments ?? []) ?? []
    expect(payments.map((p) => p.provider_id)).toEqual(["pp_bnpl_bnpl"])
    // The loan is money received: captured as the order is placed (autoCapture, the default).
    expect(order!.payment_collections?.[0]?.status).toBe("completed")
  })
})

it("brings a customer who cancels at the sandbox back to the store with the cart kept, and places no order", async () => {
  await withPage("cancel", { locale: "en-US" }, async (page) => {
    const { backendUrl, sandboxUrl } = demo()
    const token = await adminToken(backendUrl, demo().admin)
    const ordersBefore = (await listOrders(backendUrl, token)).map((o) => o.id).sort()
    await page.goto(`${backendUrl}/demo`)
    await page.locator("[data-product]").first().click()
    await page.check("#pay-installments")
    await page.click("#checkout")
    await page.waitForURL((url) => url.href.startsWith(`${sandboxUrl}/checkout/`))
    await page.click("#cancel")

    await page.waitForURL((url) => url.pathname === "/demo/checkout/bnpl/error")
    await expect(page.locator("#error-message").textContent()).resolves.toContain("cancelled")
    await shots.take(page, "payment-cancelled")
    const cartId = new URL(page.url()).searchParams.get("cart_id")
    expect(cartId).toMatch(/^cart_/)

    await page.click("#back-to-cart")
    await page.waitForURL((url) => url.pathname === "/demo/cart" && url.searchParams.get("cart_id") === cartId)
    await page.locator("#checkout").waitFor()
    await expect(page.locator("#pay-installments").isChecked()).resolves.toBe(true)
    await shots.take(page, "cart-after-cancel")

    // Landing on the success page anyway (the back button, a typed address) places no order.
    await page.goto(`${backendUrl}/demo/checkout/bnpl/success?cart_id=${cartId}`)
    await page.locator("#error-message:visible").waitFor()
    await expect(page.locator("#error-message").textContent()).resolves.toContain("has not been paid yet")
    await shots.take(page, "success-page-unpaid")

    const ordersAfter = (await listOrders(backendUrl, token)).map((o) => o.id).sort()
    expect(ordersAfter).toEqual(ordersBefore)
  })
})

it("shows the offer in Spanish on the product page and checks out in Spanish through the kit", async () => {
  await withPage("spanish", { locale: "es-MX" }, async (page) => {
    const { backendUrl, sandboxUrl } = demo()
    const calls = storeCalls(page)
    await page.goto(`${backendUrl}/demo`)
    // The lines fill in once the store answers: wait for text, not for the element.
    const firstOffer = page.locator("[data-offer]:not(:empty)").first()
    await expect(firstOffer.textContent({ timeout: 30_000 })).resolves.toMatch(SPANISH_OFFER)
    await expect(page.locator("html").getAttribute("lang")).resolves.toBe("es-MX")
    await expect(page.locator("#checkout").textContent()).resolves.toBe("Continuar al pago")
    await expect(page.locator("#offer-line:visible").textContent()).resolves.toMatch(SPANISH_OFFER)
    await shots.take(page, "producto-oferta")

    // Too much for installments: the option greys out with the store's reason.
    await page.locator('[data-title="Bicicleta de montaña"]').click()
    await page.fill("#quantity", "12")
    await expect(page.locator("#bnpl-reason:visible").textContent({ timeout: 30_000 })).resolves.toBe(
      "El pago a plazos está disponible para compras de hasta $100,000.00 MXN.",
    )
    await expect(page.locator("#pay-installments").isDisabled()).resolves.toBe(true)
    await expect(page.locator("#pay-manual").isChecked()).resolves.toBe(true)
    await shots.take(page, "producto-sin-plazos")

    await page.fill("#quantity", "1")
    await page.locator("#bnpl-reason").waitFor({ state: "hidden" })
    await page.check("#pay-installments")
    await page.click("#checkout")
    await page.waitForURL((url) => url.href.startsWith(`${sandboxUrl}/checkout/`))
    await expect(page.locator("#pay").textContent()).resolves.toBe("Pagar la primera cuota")
    await shots.take(page, "sandbox-checkout-es")
    await page.click("#pay")
    await page.waitForURL((url) => url.pathname === "/demo/checkout/bnpl/success")
    await expect(page.locator("#order-number").textContent({ timeout: 30_000 })).resolves.toMatch(/^Pedido #\d+$/)
    await shots.take(page, "pedido-hecho")
    expect(calls.filter((c) => c === "POST /store/carts/:id/complete").length).toBeGreaterThanOrEqual(1)
  })
})

it("shows an ineligible cart's installments option as unavailable, with its reason", async () => {
  await withPage("ineligible-cart", { locale: "es-MX" }, async (page) => {
    const { backendUrl } = demo()
    const cartId = await cartWith(await storeApi(backendUrl), "Bicicleta de montaña", 12, SAMPLE_SHIPPING_ADDRESS)
    await page.goto(`${backendUrl}/demo/cart?cart_id=${cartId}`)
    await page.locator("#checkout").waitFor()
    await expect(page.locator("#bnpl-reason:visible").textContent()).resolves.toBe(
      "El pago a plazos está disponible para compras de hasta $100,000.00 MXN.",
    )
    await expect(page.locator("#pay-installments").isDisabled()).resolves.toBe(true)
    // The demo's prices include IVA: the lines and the shipping add up to the total, and the IVA is shown as part of it.
    const rows = await page
      .locator(".summary tr")
      .evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll("td"), (td) => td.textContent ?? "")))
    const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, "")) * 100)
    const [iva, total, shipping, ...lines] = [...rows].reverse()
    expect(iva[0]).toBe("IVA incluido")
    expect(cents(iva[1])).toBeGreaterThan(0)
    expect(lines.reduce((sum, line) => sum + cents(line[1]), cents(shipping[1]))).toBe(cents(total[1]))
    await shots.take(page, "carrito-sin-plazos")

    await page.goto(`${backendUrl}/demo/cart?cart_id=${cartId}&lang=en`)
    await expect(page.locator("#bnpl-reason:visible").textContent({ timeout: 30_000 })).resolves.toBe(
      "Pay in installments is available for purchases of up to MX$100,000.00.",
    )
    await expect(page.locator(".summary tr.includes td").first().textContent()).resolves.toBe("includes IVA")
    await shots.take(page, "cart-unavailable-en")
  })
})
