import type { Browser, Page } from "playwright-core"
import { adminToken, listOrders } from "./helpers/admin-api"
import { ensureChromium, launchChromium } from "./helpers/browser"
import { removeDemoFiles, startDemo, type Demo } from "./helpers/demo"
import { Screenshots } from "./helpers/screenshots"
import { cartWith, readyForPayment, storeApi, type StoreApiContext } from "./helpers/store-api"
import { Timings } from "./helpers/timings"
import {
  buildStorefrontApp,
  installStorefrontApp,
  removeStorefrontApp,
  startStorefrontApp,
  writeStarterEnv,
  type InstalledStarter,
  type StorefrontApp,
} from "./helpers/storefront-app"
import { freePort } from "../../scripts/harness/free-port"
import { SAMPLE_SHIPPING_ADDRESS } from "../../src/scripts/demo-data"

/**
 * A storefront developer's side: Medusa's starter storefront (dtc-starter's apps/storefront,
 * vendored unchanged) with docs/storefront.md's recipe applied by its script, its dependencies and
 * the packed kit installed by a plain `npm install`, type-checked by the starter's own tsc and
 * run with `next dev`, against the demo store configured as the document says. Shoppers in
 * English and in Spanish (the starter's locale cookie) check out, cancel at the service and pay
 * again, meet a cart installments cannot pay, read the product page's offer and pay an order's
 * balance through Medusa's payment link; every page is read for the other language's words and
 * for React's hydration warnings.
 */
jest.setTimeout(300_000)

const SPANISH_CANCELLED = "El pago a plazos se canceló. No se hizo ningún cargo y tu carrito sigue aquí."
const ENGLISH_CANCELLED = "The payment in installments was cancelled. Nothing was charged, and your cart is still here."
/** Words only the kit's Spanish uses: none may show on an English shopper's page. */
const SPANISH_WORDS =
  /Pago a plazos|Pagar a plazos|pagos de|plazos|cuotas?\b|Confirmando|Volver al pago|Cómo funciona|Saldo por pagar|Pedido |ningún cargo|Cargando/

/** No product carries it until the product page's test tags one: the store does not finance what does. */
const EXCLUDED_TAG = "sin-plazos"

let demo: Demo | undefined
let app: StorefrontApp | undefined
let storefrontPort: number
let installed: InstalledStarter | undefined
let browser: Browser | undefined
let store: StoreApiContext
const shots = new Screenshots("storefront-app-")

const timings = new Timings()
const { timed } = timings

beforeAll(async () => {
  storefrontPort = await freePort()
  const port = storefrontPort
  const storefront = `http://localhost:${port}`
  const [started, starter] = await Promise.all([
    // Beside the app's install, chaos and the packaging test in `npm test`, this start has taken 277 s of a saturated 2-core machine.
    timed("demo start", () =>
      startDemo({
        timeoutMs: 600_000,
        env: {
          BNPL_STOREFRONT_URL: `${storefront}/mx`,
          STORE_CORS: storefront,
          BNPL_EXCLUDED_TAGS: EXCLUDED_TAG,
          MEDUSA_ADMIN_DISABLED: "true",
        },
      }),
    ),
    timed("starter install, recipe and tsc", installStorefrontApp),
    ensureChromium(),
  ])
  demo = started
  installed = starter
  store = await storeApi(demo.backendUrl)
  writeStarterEnv(starter.dir, demo.backendUrl, store.publishableKey, storefront)
  ;[app, browser] = await Promise.all([timed("next dev and first compile", () => startStorefrontApp(starter.dir, port)), launchChromium()])
}, 900_000)

afterAll(async () => {
  await browser?.close().catch(() => {})
  await app?.stop()
  const stopped = demo ? await demo.stop() : undefined
  shots.publish({ ...(demo ? { "storefront-app-demo.log": demo.logFile } : {}), ...(app ? { "storefront-app-next.log": app.logFile } : {}) })
  if (demo) removeDemoFiles(demo)
  if (installed) removeStorefrontApp(installed.dir)
  console.log(`storefront app: timings (ms) ${JSON.stringify(timings.ms)}`)
  if (stopped?.leftovers.length) throw new Error(`processes outlived the demo (now killed):\n${stopped.leftovers.join("\n")}`)
}, 60_000)

type Language = "en" | "es"

interface Shopper {
  page: Page
  /** React's hydration warnings and the page's uncaught errors, as the browser's console showed them. */
  problems: string[]
}

/**
 * A fresh browser of a shopper in `language`: Spanish is the starter's language selector's
 * cookie (`_medusa_locale`) and an es-MX browser; English is an en-US browser and the starter's
 * default. With `cartId`, the starter's cart cookie holds it, as after the address and delivery steps.
 */
async function shopper(language: Language, cartId?: string): Promise<Shopper> {
  const context = await browser!.newContext({ locale: language === "es" ? "es-MX" : "en-US", viewport: { width: 1100, height: 800 } })
  const cookies = [
    ...(cartId ? [{ name: "_medusa_cart_id", value: cartId, url: app!.url }] : []),
    ...(language === "es" ? [{ name: "_medusa_locale", value: "es-MX", url: app!.url }] : []),
  ]
  await context.addCookies(cookies)
  const page = await context.newPage()
  page.setDefaultTimeout(60_000)
  const problems: string[] = []
  page.on("console", (message) => {
    const text = message.text()
    // React's production build names a hydration failure only by its error number.
    if (!/hydrat|did not match|server rendered|Minified React error #(418|423|425)\b/i.test(text)) return
    const report = `${page.url()} ${message.type()}: ${text.slice(0, 8000)}`
    if (onlyGeneratedIds(text)) console.log(`the starter's own generated ids differed in hydration (not the kit's): ${report}`)
    else problems.push(report)
  })
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message.slice(0, 500)}`))
  return { page, problems }
}

/**
 * A hydration warning whose only differences are ids the starter's own components generate with
 * React's useId: its checkout's RadioGroup (headlessui) and its product page's Accordion (Radix)
 * sometimes hydrate with other ids under `next dev` of Next 15.5, a known intermittent mismatch of
 * `next dev` with both libraries (tailwindlabs/headlessui#3822, reproduced there with a bare Menu;
 * radix-ui/primitives#3700 since Next 15.5.0). Every other difference, text or attribute, is a
 * failure; the built starter is checked with no exception at all (the last test).
 */
function onlyGeneratedIds(warning: string): boolean {
  // React marks a difference with "+" or "-" and the element's indentation; its prose has "- " bullets.
  const differences = warning.split("\n").filter((line) => /^[+-]\s{2,}/.test(line))
  return differences.length > 0 && differences.every((line) => /^[+-]\s+(id|aria-labelledby|aria-controls)="(headlessui|radix)-[\w-]+"$/.test(line))
}

async function expectNoSpanish(page: Page): Promise<void> {
  const text = await page.locator("body").innerText()
  expect(text.match(SPANISH_WORDS)?.[0] ?? null).toBeNull()
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

const OPTION = '[data-testid="bnpl-payment-option"]'
/** The starter's option itself, inside the kit's wrapper (not the radio button it draws inside). */
const OPTION_RADIO = `${OPTION} > div > [role="radio"]`
const PAY_BUTTON = '[data-testid="submit-order-button"]'

/** The starter's payment step: choose the method, "Continue to review" (the starter's button makes the payment session). */
async function choosePayInInstallments(page: Page, label: string): Promise<void> {
  await page.goto(`${app!.url}/mx/checkout?step=payment`)
  await expect(page.locator(OPTION).getByText(label, { exact: true }).isVisible()).resolves.toBe(true)
  await page.locator(OPTION_RADIO).click()
  await page.click('[data-testid="submit-payment-button"]')
  await page.waitForURL((url) => url.searchParams.get("step") === "review")
}

async function toTheService(page: Page, buttonText: string): Promise<void> {
  await expect(page.locator(PAY_BUTTON).textContent()).resolves.toBe(buttonText)
  await page.click(PAY_BUTTON)
  await page.waitForURL((url) => url.href.startsWith(`${demo!.sandboxUrl}/checkout/`))
}

/** The order the confirmation page shows, as the admin sees it. */
async function confirmedOrder(page: Page) {
  await page.waitForURL((url) => /^\/mx\/order\/order_\w+\/confirmed$/.test(url.pathname))
  const displayId = Number(await page.locator('[data-testid="order-id"]').textContent())
  const orders = await listOrders(demo!.backendUrl, await adminToken(demo!.backendUrl, demo!.admin))
  return orders.find((o) => o.display_id === displayId)
}

it("type-checks the starter with the recipe applied: the starter's own strict tsc --noEmit reports 0 errors", () => {
  expect(installed!.tsc).toEqual({ output: "", errors: 0 })
})

it("in Spanish: pays, cancels, pays again and confirms the order, with one loan for the checkout", async () => {
  const started = Date.now()
  const cartId = await checkoutCart("Cafetera espresso", 1)
  const { page, problems } = await shopper("es", cartId)
  try {
    await choosePayInInstallments(page, "Pago a plazos")
    expect(await loansCreatedFor(cartId)).toBe(1)

    // The button sends the shopper to the loan of the session the payment step made: no second one.
    await toTheService(page, "Pagar a plazos")
    expect(await loansCreatedFor(cartId)).toBe(1)
    await shots.take(page, "sandbox-checkout")
    await page.click("#cancel")

    await page.waitForURL((url) => url.pathname === "/mx/checkout/bnpl/error" && url.searchParams.get("cart_id") === cartId)
    await expect(page.locator('[data-testid="bnpl-return-message"]').textContent()).resolves.toBe(SPANISH_CANCELLED)
    await shots.take(page, "cancelled")

    // Pay again: the service keeps a loan the shopper walked away from, so the button resumes its page.
    await page.click("text=Volver al pago")
    await page.waitForURL((url) => url.searchParams.get("step") === "payment")
    await page.click('[data-testid="submit-payment-button"]')
    await page.waitForURL((url) => url.searchParams.get("step") === "review")
    await toTheService(page, "Pagar a plazos")
    expect(await loansCreatedFor(cartId)).toBe(1)
    await page.click("#pay")

    const order = await confirmedOrder(page)
    await shots.take(page, "order-confirmed")
    expect(order?.payment_collections?.flatMap((c) => c.payments ?? []).map((p) => p.provider_id)).toEqual(["pp_bnpl_bnpl"])
    expect(await loansCreatedFor(cartId)).toBe(1)
    expect(problems).toEqual([])
    timings.ms["es: pay, cancel, pay again"] = Date.now() - started
  } catch (error) {
    await shots.take(page, "failed")
    throw error
  } finally {
    await page.context().close()
  }
})

it("in English: cancels, pays again and confirms the order, with no Spanish on any page and no hydration warning", async () => {
  const started = Date.now()
  const cartId = await checkoutCart("Cafetera espresso", 1)
  const { page, problems } = await shopper("en", cartId)
  try {
    await choosePayInInstallments(page, "Pay in installments")
    await expectNoSpanish(page)
    await toTheService(page, "Pay in installments")
    await page.click("#cancel")
    await page.waitForURL((url) => url.pathname === "/mx/checkout/bnpl/error")
    await expect(page.locator('[data-testid="bnpl-return-message"]').textContent()).resolves.toBe(ENGLISH_CANCELLED)
    await expectNoSpanish(page)

    await page.click("text=Back to payment")
    await page.waitForURL((url) => url.searchParams.get("step") === "payment")
    await page.click('[data-testid="submit-payment-button"]')
    await page.waitForURL((url) => url.searchParams.get("step") === "review")
    await expectNoSpanish(page)
    await toTheService(page, "Pay in installments")
    await page.click("#pay")

    const order = await confirmedOrder(page)
    await expect(page.locator('[data-testid="payment-method"]').textContent()).resolves.toBe("Pay in installments")
    await expectNoSpanish(page)
    await shots.take(page, "order-confirmed-en")
    expect(order?.payment_collections?.flatMap((c) => c.payments ?? []).map((p) => p.provider_id)).toEqual(["pp_bnpl_bnpl"])
    expect(await loansCreatedFor(cartId)).toBe(1)
    expect(problems).toEqual([])
    timings.ms["en: pay, cancel, pay again"] = Date.now() - started
  } catch (error) {
    await shots.take(page, "failed-en")
    throw error
  } finally {
    await page.context().close()
  }
})

it("shows the method disabled, visibly, with the reason in the shopper's language, for a cart above the maximum", async () => {
  const cartId = await checkoutCart("Bicicleta de montaña", 12)
  for (const [language, reason] of [
    ["es", "El pago a plazos está disponible para compras de hasta $100,000.00 MXN."],
    ["en", "Pay in installments is available for purchases of up to MX$100,000.00."],
  ] as const) {
    const { page, problems } = await shopper(language, cartId)
    try {
      await page.goto(`${app!.url}/mx/checkout?step=payment`)
      const option = page.locator(OPTION)
      await expect(option.locator('[data-testid="bnpl-unavailable-reason"]').textContent()).resolves.toBe(reason)
      await expect(page.locator(OPTION_RADIO).getAttribute("aria-disabled")).resolves.toBe("true")
      // What the shopper sees: the whole option faded, and the cursor of whatever the pointer lands on over it.
      await option.scrollIntoViewIfNeeded()
      const look = await option.evaluate((element) => {
        const box = element.getBoundingClientRect()
        const under = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
        return { opacity: getComputedStyle(element).opacity, cursor: under ? getComputedStyle(under).cursor : null }
      })
      expect(look).toEqual({ opacity: "0.5", cursor: "not-allowed" })
      await expect(page.locator('[data-testid="submit-payment-button"]').isDisabled()).resolves.toBe(true)
      if (language === "en") await expectNoSpanish(page)
      await shots.take(page, `ineligible-${language}`)
      expect(problems).toEqual([])
    } finally {
      await page.context().close()
    }
  }
  expect(await loansCreatedFor(cartId)).toBe(0)
})

it("offers 4 installments under the product's price, with an explainer the shopper opens, in Spanish and in English", async () => {
  for (const [language, line, toggle, first, last] of [
    ["es", "o 4 pagos de $812.62 cada 2 semanas (el último de $812.64)", "¿Cómo funciona?", "Hoy", "En 6 semanas"],
    ["en", "or 4 payments of MX$812.62 every 2 weeks (the last one MX$812.64)", "How does it work?", "Today", "In 6 weeks"],
  ] as const) {
    const { page, problems } = await shopper(language)
    try {
      await page.goto(`${app!.url}/mx/products/cafetera`)
      await expect(page.locator('[data-testid="bnpl-offer-line"]').textContent()).resolves.toBe(line)
      const plan = page.locator('[data-testid="bnpl-offer-explainer"] li')
      await expect(plan.first().isVisible()).resolves.toBe(false)
      await page.getByText(toggle, { exact: true }).click()
      await expect(plan.allInnerTexts()).resolves.toHaveLength(4)
      await expect(plan.first().innerText()).resolves.toMatch(new RegExp(`^${first}\\s+(MX)?\\$812\\.62$`))
      await expect(plan.last().innerText()).resolves.toMatch(new RegExp(`^${last}\\s+(MX)?\\$812\\.64$`))
      if (language === "en") await expectNoSpanish(page)
      await shots.take(page, `product-offer-${language}`)
      expect(problems).toEqual([])
    } finally {
      await page.context().close()
    }
  }
})

it("advertises nothing on the page of a product the store does not finance, in Spanish", async () => {
  const admin = { authorization: `Bearer ${await adminToken(demo!.backendUrl, demo!.admin)}` }
  const { product_tag } = await json<{ product_tag: { id: string } }>(`${demo!.backendUrl}/admin/product-tags`, {
    body: { value: EXCLUDED_TAG },
    headers: admin,
  })
  const { products } = await json<{ products: Array<{ id: string }> }>(`${demo!.backendUrl}/admin/products?handle=bicicleta&fields=id`, {
    headers: admin,
  })
  const bikeId = products[0].id
  await json(`${demo!.backendUrl}/admin/products/${bikeId}`, { body: { tags: [{ id: product_tag.id }] }, headers: admin })
  const { page, problems } = await shopper("es")
  try {
    const asked = page.waitForResponse((r) => r.url().includes("/store/bnpl/offer") && r.request().method() === "GET")
    await page.goto(`${app!.url}/mx/products/bicicleta`)
    const answer = await asked
    expect(new URL(answer.url()).searchParams.get("product_id")).toBe(bikeId)
    expect(((await answer.json()) as { offer: { reason: { code: string } | null } }).offer.reason?.code).toBe("product_excluded")
    await expect(page.locator('[data-testid="product-price"]').first().isVisible()).resolves.toBe(true)
    // The store's answer has reached the page: the component has rendered what it will render.
    await page.waitForLoadState("networkidle")
    await expect(page.locator('[data-testid="bnpl-offer"]').count()).resolves.toBe(0)
    await shots.take(page, "product-excluded")
    expect(problems).toEqual([])
  } finally {
    await page.context().close()
    // Later tests put the bicycle in carts and balances the store must finance.
    await json(`${demo!.backendUrl}/admin/products/${bikeId}`, { body: { tags: [] }, headers: admin })
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

it("pays an order's balance through the payment link in Spanish: a refused start says so, then pays", async () => {
  const { orderId, collectionId, amount } = await orderWithBalance()
  expect(amount).toBe(1499)
  const { page, problems } = await shopper("es")
  try {
    // The link Medusa's admin copies, at the starter's country routes.
    await page.goto(`${app!.url}/mx/payment-collection/${collectionId}?order_id=${orderId}`)
    await expect(page.locator('[data-testid="bnpl-balance-order"]').textContent()).resolves.toBe(`Pedido ${orderId}`)
    await expect(page.getByText("Saldo por pagar", { exact: true }).isVisible()).resolves.toBe(true)
    await expect(page.locator('[data-testid="bnpl-balance-amount"]').textContent()).resolves.toBe("$1,499.00")

    // The service is down: the store refuses to start the loan, and the page says so in the shopper's words.
    await json(`${demo!.sandboxUrl}/_sandbox/faults`, { method: "PUT", body: { loan: { failNext: 20 } } })
    try {
      await page.click('[data-testid="bnpl-balance-pay"]')
      await expect(page.locator('[data-testid="bnpl-balance-error"]').textContent()).resolves.toBe(
        "No pudimos iniciar el pago a plazos. Inténtalo de nuevo en unos momentos.",
      )
      await shots.take(page, "balance-refused")
    } finally {
      await json(`${demo!.sandboxUrl}/_sandbox/faults`, { method: "PUT", body: {} })
    }

    // The service's two ways back without paying, in the shopper's words.
    await page.goto(`${app!.url}/mx/payment-collection/${collectionId}?order_id=${orderId}&bnpl=cancel`)
    await expect(page.locator('[data-testid="bnpl-balance-message"]').textContent()).resolves.toBe(
      "Saliste del pago a plazos. No se hizo ningún cargo: puedes pagar de nuevo.",
    )
    await page.goto(`${app!.url}/mx/payment-collection/${collectionId}?order_id=${orderId}&bnpl=error`)
    await expect(page.locator('[data-testid="bnpl-balance-message"]').textContent()).resolves.toBe(
      "El pago a plazos no se completó. No se hizo ningún cargo: puedes intentarlo de nuevo.",
    )

    await page.click('[data-testid="bnpl-balance-pay"]')
    await page.waitForURL((url) => url.href.startsWith(`${demo!.sandboxUrl}/checkout/`))
    await page.click("#pay")
    await page.waitForURL((url) => url.pathname === `/mx/payment-collection/${collectionId}` && url.searchParams.get("bnpl") === "success")
    await expect(page.locator('[data-testid="bnpl-balance-message"]').textContent()).resolves.toBe("El saldo de tu pedido está pagado.")
    await expect(page.locator('[data-testid="bnpl-balance-pay"]').count()).resolves.toBe(0)
    await shots.take(page, "balance-paid")
    const orders = await listOrders(demo!.backendUrl, await adminToken(demo!.backendUrl, demo!.admin))
    const collections = orders.find((o) => o.id === orderId)?.payment_collections ?? []
    // Both loans captured as they were confirmed (autoCapture, the default): the order owes nothing.
    expect(collections.map((c) => c.status).sort()).toEqual(["completed", "completed"])
    expect(await loansCreatedFor(collectionId)).toBe(1)
    expect(problems).toEqual([])
  } catch (error) {
    await shots.take(page, "balance-failed")
    throw error
  } finally {
    await page.context().close()
  }
})

it("in English, the payment link says the store refused, the shopper cancelled at the service or left it, then pays", async () => {
  const { orderId, collectionId } = await orderWithBalance()
  const { page, problems } = await shopper("en")
  try {
    await page.goto(`${app!.url}/mx/payment-collection/${collectionId}?order_id=${orderId}`)
    await expect(page.locator('[data-testid="bnpl-balance-order"]').textContent()).resolves.toBe(`Order ${orderId}`)
    await expect(page.getByText("Balance due", { exact: true }).isVisible()).resolves.toBe(true)
    await expect(page.locator('[data-testid="bnpl-balance-amount"]').textContent()).resolves.toBe("MX$1,499.00")
    await json(`${demo!.sandboxUrl}/_sandbox/faults`, { method: "PUT", body: { loan: { failNext: 20 } } })
    try {
      await page.click('[data-testid="bnpl-balance-pay"]')
      await expect(page.locator('[data-testid="bnpl-balance-error"]').textContent()).resolves.toBe(
        "We could not start the payment in installments. Try again in a moment.",
      )
      await expectNoSpanish(page)
    } finally {
      await json(`${demo!.sandboxUrl}/_sandbox/faults`, { method: "PUT", body: {} })
    }
    await page.click('[data-testid="bnpl-balance-pay"]')
    await page.waitForURL((url) => url.href.startsWith(`${demo!.sandboxUrl}/checkout/`))
    await page.click("#cancel")

    await page.waitForURL((url) => url.pathname === `/mx/payment-collection/${collectionId}` && url.searchParams.get("bnpl") === "error")
    await expect(page.locator('[data-testid="bnpl-balance-message"]').textContent()).resolves.toBe(
      "The payment in installments was not completed. Nothing was charged: you can try again.",
    )
    await expect(page.locator('[data-testid="bnpl-balance-pay"]').textContent()).resolves.toBe("Pay in installments")
    await expectNoSpanish(page)
    await shots.take(page, "balance-cancelled-en")

    // The service's link back to the store.
    await page.goto(`${app!.url}/mx/payment-collection/${collectionId}?order_id=${orderId}&bnpl=cancel`)
    await expect(page.locator('[data-testid="bnpl-balance-message"]').textContent()).resolves.toBe(
      "You left the payment in installments. Nothing was charged: you can pay again.",
    )
    // The notice shows at once; the button once the store has answered for the balance.
    await expect(page.locator('[data-testid="bnpl-balance-pay"]').textContent()).resolves.toBe("Pay in installments")
    await expectNoSpanish(page)

    // Paid at last: the same loan, confirmed in English.
    await page.click('[data-testid="bnpl-balance-pay"]')
    await page.waitForURL((url) => url.href.startsWith(`${demo!.sandboxUrl}/checkout/`))
    await page.click("#pay")
    await page.waitForURL((url) => url.pathname === `/mx/payment-collection/${collectionId}` && url.searchParams.get("bnpl") === "success")
    await expect(page.locator('[data-testid="bnpl-balance-message"]').textContent()).resolves.toBe("Your order's balance is paid.")
    await expect(page.locator('[data-testid="bnpl-balance-pay"]').count()).resolves.toBe(0)
    await expectNoSpanish(page)
    expect(await loansCreatedFor(collectionId)).toBe(1)
    expect(problems).toEqual([])
  } catch (error) {
    await shots.take(page, "balance-cancel-failed")
    throw error
  } finally {
    await page.context().close()
  }
})

it("places the order before the redirect when the store turns orderBeforeFinancing on, and shows it once the loan is paid", async () => {
  // What a merchant does: set the option and restart the store. The running storefront is not
  // rebuilt nor told: the kit learns the mode from the store's answers.
  demo = await demo!.restart({ BNPL_ORDER_BEFORE_FINANCING: "true" })
  const admin = { authorization: `Bearer ${await adminToken(demo.backendUrl, demo.admin)}` }
  const cartId = await checkoutCart("Cafetera espresso", 1)
  const { page } = await shopper("es", cartId)
  try {
    await choosePayInInstallments(page, "Pago a plazos")
    await toTheService(page, "Pagar a plazos")

    // While the shopper is at the service: the order exists, its payment pending, its stock held.
    const { loans } = await json<{ loans: Array<{ service_cart_id: string; awaiting_order_id: string | null }> }>(
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

it("builds the starter with the recipe for production: next build succeeds, with the recipe's two pages", async () => {
  // next dev and next build share the app's .next folder: the browser's part is over.
  await app?.stop()
  app = undefined
  const build = await timed("next build", () => buildStorefrontApp(installed!.dir))
  expect({ ok: build.ok, tail: build.ok ? "" : build.output.slice(-3000) }).toEqual({ ok: true, tail: "" })
  expect(build.output).toContain("/[countryCode]/checkout/bnpl/[outcome]")
  expect(build.output).toContain("/[countryCode]/payment-collection/[id]")
}, 660_000)

it("serves the built starter in each language with nothing for hydration to patch: the payment step and the product page", async () => {
  // On the port the store's CORS and return URLs name, which next dev has left.
  const served = await startStorefrontApp(installed!.dir, storefrontPort, { production: true })
  app = served
  try {
    for (const [language, label] of [
      ["es", "Pago a plazos"],
      ["en", "Pay in installments"],
    ] as const) {
      const cartId = await checkoutCart("Cafetera espresso", 1)
      const { page, problems } = await shopper(language, cartId)
      try {
        await choosePayInInstallments(page, label)
        await page.goto(`${served.url}/mx/checkout?step=payment`)
        await page.waitForLoadState("networkidle")
        await page.goto(`${served.url}/mx/products/cafetera`)
        await page.waitForLoadState("networkidle")
        if (language === "en") await expectNoSpanish(page)
        // React's production build reports a hydration failure as an error, never as headlessui's ids alone.
        expect({ language, problems }).toEqual({ language, problems: [] })
      } finally {
        await page.context().close()
      }
    }
  } finally {
    await served.stop()
    app = undefined
  }
}, 300_000)
