import { readFileSync } from "fs"
import { join, resolve } from "path"
import type { Browser, Page } from "playwright-core"
import { adminToken, listOrders } from "./helpers/admin-api"
import { ensureChromium, launchChromium } from "./helpers/browser"
import { removeDemoFiles, startDemo, type Demo } from "./helpers/demo"
import { Screenshots } from "./helpers/screenshots"
import { cartWith, readyForPayment, storeApi, type StoreApiContext } from "./helpers/store-api"
import { installStorefrontApp, removeStorefrontApp, startStorefrontApp, type StorefrontApp } from "./helpers/storefront-app"
import { freePort } from "../../scripts/harness/free-port"
import { SAMPLE_SHIPPING_ADDRESS } from "../../src/scripts/demo-data"

/**
 * A storefront developer's side: a Next.js 15 / React 19 storefront shaped like Medusa's starter,
 * with docs/storefront.md's recipe applied and the packed kit installed, against the demo store
 * configured as the recipe says (BNPL_STOREFRONT_URL at the storefront's /mx routes). A shopper
 * pays in installments, cancels at the service, pays again and sees the order confirmed, in
 * Spanish; the service is asked for one loan for the whole checkout. Then it pays an order's
 * balance through Medusa's payment link, and, once the merchant restarts the store with
 * orderBeforeFinancing on, the same running app places the order before the redirect.
 */
jest.setTimeout(300_000)

const ROOT = resolve(__dirname, "../..")
const APP = join(__dirname, "storefront-app")
const SPANISH_CANCELLED = "El pago a plazos se canceló. No se hizo ningún cargo y tu carrito sigue aquí."

let demo: Demo | undefined
let app: StorefrontApp | undefined
let appDir: string | undefined
let browser: Browser | undefined
let store: StoreApiContext
const shots = new Screenshots("storefront-app-")

const timings: Record<string, number> = {}

async function timed<T>(name: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now()
  try {
    return await work()
  } finally {
    timings[name] = Date.now() - started
  }
}

beforeAll(async () => {
  const port = await freePort()
  const storefront = `http://localhost:${port}`
  const [started, dir] = await Promise.all([
    // Beside the app's install, chaos and the packaging test in `npm test`, this start has taken 277 s of a saturated 2-core machine.
    timed("demo start", () =>
      startDemo({ timeoutMs: 600_000, env: { BNPL_STOREFRONT_URL: `${storefront}/mx`, STORE_CORS: storefront, MEDUSA_ADMIN_DISABLED: "true" } }),
    ),
    timed("app install and tsc", installStorefrontApp),
    ensureChromium(),
  ])
  demo = started
  appDir = dir
  store = await storeApi(demo.backendUrl)
  ;[app, browser] = await Promise.all([
    timed("next dev and first compile", () => startStorefrontApp(dir, port, demo!.backendUrl, store.publishableKey)),
    launchChromium(),
  ])
}, 900_000)

afterAll(async () => {
  await browser?.close().catch(() => {})
  await app?.stop()
  const stopped = demo ? await demo.stop() : undefined
  shots.publish({ ...(demo ? { "storefront-app-demo.log": demo.logFile } : {}), ...(app ? { "storefront-app-next.log": app.logFile } : {}) })
  if (demo) removeDemoFiles(demo)
  if (appDir) removeStorefrontApp(appDir)
  console.log(`storefront app: timings (ms) ${JSON.stringify(timings)}`)
  if (stopped?.leftovers.length) throw new Error(`processes outlived the demo (now killed):\n${stopped.leftovers.join("\n")}`)
}, 60_000)

/** A page of a fresh es-MX browser whose starter cookie holds `cartId`, as after the starter's address and delivery steps. */
async function shopperWith(cartId: string): Promise<Page> {
  const context = await browser!.newContext({ locale: "es-MX", viewport: { width: 1100, height: 800 } })
  await context.addCookies([{ name: "_medusa_cart_id", value: cartId, url: app!.url }])
  const page = await context.newPage()
  page.setDefaultTimeout(60_000)
  return page
}

async function checkoutCart(title: string, quantity: number): Promise<string> {
  const cartId = await cartWith(store, title, quantity, SAMPLE_SHIPPING_ADDRESS)
  await readyForPayment(store, cartId, SAMPLE_SHIPPING_ADDRESS)
  return cartId
}

/** The loans the service was asked to create for `cartId`, from the sandbox's own record of requests. */
async function loansCreatedFor(cartId: string): Promise<number> {
  const requests = (await (await fetch(`${demo!.sandboxUrl}/_sandbox/requests`)).json()) as Array<{
    method: string
    path: string
    status: number | null
    body: unknown
  }>
  return requests.filter(
    (r) => r.method === "POST" && r.path === "/api/loan" && r.status === 200 && (r.body as { cartId?: string } | null)?.cartId === cartId,
  ).length
}

/** The payment step: choose the method, "Continue to review" (the starter's button makes the payment session). */
async function choosePayInInstallments(page: Page): Promise<void> {
  await page.goto(`${app!.url}/mx/checkout?step=payment`)
  await page.check('[data-testid="payment-option-pp_bnpl_bnpl"] input')
  await page.click('[data-testid="submit-payment-button"]')
  await page.waitForURL((url) => url.searchParams.get("step") === "review")
}

it("pays, cancels, pays again and confirms the order, with one loan for the checkout", async () => {
  const started = Date.now()
  const cartId = await checkoutCart("Cafetera espresso", 1)
  const page = await shopperWith(cartId)
  try {
    await choosePayInInstallments(page)
    expect(await loansCreatedFor(cartId)).toBe(1)

    // The button sends the shopper to the loan of the session the payment step made: no second one.
    await page.click("text=Pagar a plazos")
    await page.waitForURL((url) => url.href.startsWith(`${demo!.sandboxUrl}/checkout/`))
    expect(await loansCreatedFor(cartId)).toBe(1)
    await shots.take(page, "sandbox-checkout")
    await page.click("#cancel")

    await page.waitForURL((url) => url.pathname === "/mx/checkout/bnpl/error" && url.searchParams.get("cart_id") === cartId)
    await expect(page.locator('[data-testid="bnpl-return-message"]').textContent()).resolves.toBe(SPANISH_CANCELLED)
    await shots.take(page, "cancelled")

    // Pay again: the service keeps a loan the shopper walked away from (it never cancels by itself),
    // so the button resumes its page: still the checkout's one loan.
    await page.click("text=Volver al pago")
    await page.waitForURL((url) => url.searchParams.get("step") === "payment")
    await page.click('[data-testid="submit-payment-button"]')
    await page.waitForURL((url) => url.searchParams.get("step") === "review")
    await page.click("text=Pagar a plazos")
    await page.waitForURL((url) => url.href.startsWith(`${demo!.sandboxUrl}/checkout/`))
    expect(await loansCreatedFor(cartId)).toBe(1)
    await page.click("#pay")

    await page.waitForURL((url) => /^\/mx\/order\/order_\w+\/confirmed$/.test(url.pathname))
    const displayId = Number(await page.locator('[data-testid="order-display-id"]').textContent())
    await shots.take(page, "order-confirmed")
    const orders = await listOrders(demo!.backendUrl, await adminToken(demo!.backendUrl, demo!.admin))
    const order = orders.find((o) => o.display_id === displayId)
    expect(order?.payment_collections?.flatMap((c) => c.payments ?? []).map((p) => p.provider_id)).toEqual(["pp_bnpl_bnpl"])
    expect(await loansCreatedFor(cartId)).toBe(1)
    timings["pay, cancel, pay again"] = Date.now() - started
  } catch (error) {
    await shots.take(page, "failed")
    throw error
  } finally {
    await page.context().close()
  }
})

it("greys out the method, with the reason in Spanish, for a cart above the maximum", async () => {
  const cartId = await checkoutCart("Bicicleta de montaña", 12)
  const page = await shopperWith(cartId)
  try {
    await page.goto(`${app!.url}/mx/checkout?step=payment`)
    const option = page.locator('[data-testid="payment-option-pp_bnpl_bnpl"]')
    await expect(option.locator("p").nth(1).textContent()).resolves.toMatch(
      /^El pago a plazos está disponible para compras de hasta \$100,000\.00 MXN\.$/,
    )
    await expect(option.locator("input").isDisabled()).resolves.toBe(true)
    expect(await loansCreatedFor(cartId)).toBe(0)
  } finally {
    await page.context().close()
  }
})

/** A JSON call to the demo's backend or sandbox; throws on any answer but 200. */
async function json<T>(url: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<T> {
  const response = await fetch(url, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: { "content-type": "application/json", ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  const data = (await response.json()) as T
  if (response.status !== 200) throw new Error(`${url}: ${response.status} ${JSON.stringify(data)}`)
  return data
}

/** An order a loan paid, its payment captured, then an item added by the merchant: Medusa asks the difference in a new payment collection. */
async function orderWithBalance(): Promise<{ orderId: string; collectionId: string; amount: number }> {
  const storeHeaders = { "x-publishable-api-key": store.publishableKey }
  const cartId = await checkoutCart("Cafetera espresso", 1)
  const { payment_collection } = await json<{ payment_collection: { id: string } }>(`${demo!.backendUrl}/store/payment-collections`, {
    body: { cart_id: cartId },
    headers: storeHeaders,
  })
  const started = await json<{ payment_collection: { payment_sessions: Array<{ provider_id: string; data: { loan_id: number } }> } }>(
    `${demo!.backendUrl}/store/payment-collections/${payment_collection.id}/payment-sessions`,
    { body: { provider_id: "pp_bnpl_bnpl" }, headers: storeHeaders },
  )
  const loanId = started.payment_collection.payment_sessions.find((s) => s.provider_id === "pp_bnpl_bnpl")!.data.loan_id
  await json(`${demo!.sandboxUrl}/_sandbox/loans/${loanId}/pay`, { body: {} })
  const completed = await json<{ type: string; order: { id: string } }>(`${demo!.backendUrl}/store/carts/${cartId}/complete`, {
    body: {},
    headers: storeHeaders,
  })
  const orderId = completed.order.id

  const admin = { authorization: `Bearer ${await adminToken(demo!.backendUrl, demo!.admin)}` }
  type Collections = { order: { payment_collections: Array<{ id: string; status: string; amount: number; payments?: Array<{ id: string }> }> } }
  const fields = encodeURIComponent("id,*payment_collections,*payment_collections.payments")
  const collections = async () => (await json<Collections>(`${demo!.backendUrl}/admin/orders/${orderId}?fields=${fields}`, { headers: admin })).order
  const [payment] = (await collections()).payment_collections.flatMap((c) => c.payments ?? [])
  await json(`${demo!.backendUrl}/admin/payments/${payment.id}/capture`, { body: {}, headers: admin })
  const { products } = await json<{ products: Array<{ title: string; variants: Array<{ id: string }> }> }>(
    `${demo!.backendUrl}/store/products?fields=title,*variants&limit=50`,
    { headers: storeHeaders },
  )
  const variantId = products.find((p) => p.title === "Audífonos inalámbricos")!.variants[0].id
  await json(`${demo!.backendUrl}/admin/order-edits`, { body: { order_id: orderId }, headers: admin })
  await json(`${demo!.backendUrl}/admin/order-edits/${orderId}/items`, { body: { items: [{ variant_id: variantId, quantity: 1 }] }, headers: admin })
  await json(`${demo!.backendUrl}/admin/order-edits/${orderId}/request`, { body: {}, headers: admin })
  await json(`${demo!.backendUrl}/admin/order-edits/${orderId}/confirm`, { body: {}, headers: admin })
  const balance = (await collections()).payment_collections.find((c) => c.status === "not_paid")!
  return { orderId, collectionId: balance.id, amount: Number(balance.amount) }
}

it("pays an order's balance in installments through the payment-link page", async () => {
  const { orderId, collectionId, amount } = await orderWithBalance()
  expect(amount).toBe(1499)
  const context = await browser!.newContext({ locale: "es-MX", viewport: { width: 1100, height: 800 } })
  const page = await context.newPage()
  page.setDefaultTimeout(60_000)
  try {
    // The link Medusa's admin copies, at the starter's country routes.
    await page.goto(`${app!.url}/mx/payment-collection/${collectionId}?order_id=${orderId}`)
    await expect(page.locator('[data-testid="bnpl-balance-amount"]').textContent()).resolves.toMatch(/1,499\.00/)
    await page.click("text=Pagar a plazos")
    await page.waitForURL((url) => url.href.startsWith(`${demo!.sandboxUrl}/checkout/`))
    await page.click("#pay")

    await page.waitForURL((url) => url.pathname === `/mx/payment-collection/${collectionId}` && url.searchParams.get("bnpl") === "success")
    await expect(page.locator('[data-testid="bnpl-balance-message"]').textContent()).resolves.toBe("El saldo de tu pedido está pagado.")
    await shots.take(page, "balance-paid")
    const orders = await listOrders(demo!.backendUrl, await adminToken(demo!.backendUrl, demo!.admin))
    const collections = orders.find((o) => o.id === orderId)?.payment_collections ?? []
    // Both loans captured as they were confirmed (autoCapture, the default): the order owes nothing.
    expect(collections.map((c) => c.status).sort()).toEqual(["completed", "completed"])
    expect(await loansCreatedFor(collectionId)).toBe(1)
  } catch (error) {
    await shots.take(page, "balance-failed")
    throw error
  } finally {
    await context.close()
  }
})

it("runs the recipe as docs/storefront.md writes it: every line of its snippets is in the app", () => {
  const doc = readFileSync(join(ROOT, "docs/storefront.md"), "utf8")
  const snippets = [...doc.matchAll(/<!-- recipe: (\S+) -->\s*```\w*\n([\s\S]*?)```/g)]
  expect(snippets.length).toBeGreaterThanOrEqual(5)
  const missing = snippets.flatMap(([, file, code]) => {
    const lines = new Set(
      readFileSync(join(APP, file), "utf8")
        .split("\n")
        .map((line) => line.trim()),
    )
    return code
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith("// …"))
      .filter((line) => !lines.has(line))
      .map((line) => `${file}: ${line}`)
  })
  expect(missing).toEqual([])
})

it("places the order before the redirect when the store turns orderBeforeFinancing on, and shows it once the loan is paid", async () => {
  // What a merchant does: set the option and restart the store. The running storefront is not
  // rebuilt nor told: the kit learns the mode from the store's answers.
  demo = await demo!.restart({ BNPL_ORDER_BEFORE_FINANCING: "true" })
  const admin = { authorization: `Bearer ${await adminToken(demo.backendUrl, demo.admin)}` }
  const cartId = await checkoutCart("Cafetera espresso", 1)
  const page = await shopperWith(cartId)
  try {
    await choosePayInInstallments(page)
    await page.click("text=Pagar a plazos")
    await page.waitForURL((url) => url.href.startsWith(`${demo!.sandboxUrl}/checkout/`))

    // While the shopper is at the service: the order exists, its payment pending, its stock held.
    const { loans } = await json<{ loans: Array<{ cart_id: string; awaiting_order_id: string | null }> }>(
      `${demo.backendUrl}/admin/bnpl/loans?q=${cartId}`,
      { headers: admin },
    )
    expect(loans).toHaveLength(1)
    const orderId = loans[0].awaiting_order_id
    expect(orderId).toMatch(/^order_/)
    type Order = { order: { payment_collections: Array<{ status: string }>; items: Array<{ id: string }> } }
    const fields = encodeURIComponent("id,*items,*payment_collections")
    const placed = (await json<Order>(`${demo.backendUrl}/admin/orders/${orderId}?fields=${fields}`, { headers: admin })).order
    expect(placed.payment_collections.map((c) => c.status)).not.toContain("completed")
    const lineItems = placed.items.map((item) => `line_item_id[]=${item.id}`).join("&")
    const { reservations } = await json<{ reservations: unknown[] }>(`${demo.backendUrl}/admin/reservations?${lineItems}`, { headers: admin })
    expect(reservations).toHaveLength(placed.items.length)

    await page.click("#pay")
    await page.waitForURL((url) => url.pathname === `/mx/order/${orderId}/confirmed`)
    await shots.take(page, "order-first-confirmed")
    const financed = (await json<Order>(`${demo.backendUrl}/admin/orders/${orderId}?fields=${fields}`, { headers: admin })).order
    expect(financed.payment_collections.map((c) => c.status)).toEqual(["completed"])
    expect(await loansCreatedFor(cartId)).toBe(1)
  } catch (error) {
    await shots.take(page, "order-first-failed")
    throw error
  } finally {
    await page.context().close()
  }
})
