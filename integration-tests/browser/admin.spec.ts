import { readFileSync } from "fs"
import { resolve } from "path"
import { startSandbox, type Sandbox } from "../../packages/sandbox"
import { Client } from "@medusajs/framework/pg"
import type { Page } from "playwright-core"
import { SAMPLE_SHIPPING_ADDRESS } from "../../src/scripts/demo-data"
import { adminHeaders } from "./helpers/admin-api"
import { call } from "./helpers/call"
import type { RunningDemo } from "./helpers/demo"
import { adminIn } from "./helpers/pages"
import { descendants, processLabel } from "./helpers/processes"
import { useSharedDemo } from "./helpers/shared-demo-suite"
import { storeApi } from "./helpers/store-api"

/**
 * The merchant's side in Medusa's admin, in real Chromium against `npm start`: the loans
 * page with its attention list and actions, and the order page's loan widget in Spanish,
 * when the financing service fails, and after a refund. Each test places what it needs
 * itself (store API, the sandbox's control API, the ledger's table).
 */
jest.setTimeout(300_000)

// The demo is the suite's shared one (helpers/shared-demo.ts); this file runs after checkout.spec.ts (see withRefusedToken).
const { demo, shots, logIn, withPage } = useSharedDemo("admin-")
/** The sandbox that took over the demo's once the diagnosis test refused its token. */
let replacementSandbox: Sandbox | undefined

const STUCK_LOAN = 990001
const STUCK_REASON = "The cart could not be completed 3 times: an item is out of stock. Retry once restocked, or refund in full."

afterAll(async () => {
  await replacementSandbox?.close().catch(() => {})
}, 60_000)

it("shows every diagnosis check green on the demo store, and the credentials red with their fix once the token is refused", async () => {
  await withPage("admin-diagnosis", adminIn("en"), async (page) => {
    const { backendUrl } = demo()
    // A store that has reconciled once: the last-reconciliation check wants a run.
    const headers = await adminHeaders(demo())
    const { reconciliation } = await call<{ reconciliation: { id: string } }>(`${backendUrl}/admin/bnpl/reconcile`, { body: {}, headers })
    await untilReconciled(backendUrl, headers, reconciliation.id)
    // The first test to open the admin waits for vite's first compile, long on a loaded machine.
    await page.goto(`${backendUrl}/app`, { timeout: 300_000 })
    await logIn(page)

    await page.getByRole("link", { name: "Installments diagnosis" }).click()
    await page.waitForURL((url) => url.pathname.endsWith("/bnpl-diagnosis"))
    const checks = page.locator("[data-testid^='bnpl-check-'][data-status]")
    await checks.first().waitFor({ timeout: 60_000 })
    const statuses = await checks.evaluateAll((rows) => rows.map((row) => `${row.getAttribute("data-testid")}=${row.getAttribute("data-status")}`))
    expect(statuses.length).toBeGreaterThanOrEqual(12)
    expect(statuses.filter((entry) => !entry.endsWith("=ok"))).toEqual([])
    await shots.take(page, "admin-diagnosis-green")

    await withRefusedToken(demo(), async () => {
      await page.getByTestId("bnpl-diagnosis-run").click()
      await page.locator("[data-testid='bnpl-check-credentials'][data-status='fail']").waitFor({ timeout: 60_000 })
      await expect(page.getByTestId("bnpl-check-credentials-fix").textContent()).resolves.toContain("BNPL_API_TOKEN")
      await shots.take(page, "admin-diagnosis-credentials-red")
    })
  })
}, 480_000)

it("shows the last 7 days on the loans page and beside the diagnosis checks, as the ledger counts them", async () => {
  await withPage("admin-activity", adminIn("en"), async (page) => {
    // A paid loan made into an order here: today has at least one loan and one paid → order delay.
    await placeBnplOrder(demo())
    const today = new Date().toISOString().slice(0, 10)
    const ledger = await ledgerToday(demo(), today)
    expect(ledger.loans).toBeGreaterThanOrEqual(1)
    expect(ledger.delays.length).toBeGreaterThanOrEqual(1)
    await logIn(page)

    await page.getByRole("link", { name: "Installment loans" }).click()
    await page.waitForURL((url) => url.pathname.endsWith("/bnpl-loans"))
    await expectFigures(page, today, ledger)
    await shots.take(page, "admin-activity")

    await page.getByRole("link", { name: "Installments diagnosis" }).click()
    await page.waitForURL((url) => url.pathname.endsWith("/bnpl-diagnosis"))
    await page.getByTestId("bnpl-diagnosis-figures").getByTestId("bnpl-activity-reconciliation").waitFor({ timeout: 60_000 })
    await expectFigures(page.getByTestId("bnpl-diagnosis-figures"), today, ledger)
    await shots.take(page, "admin-diagnosis-figures")
  })
}, 480_000)

it("lists a loan on the attention list with its reason, offers its actions, and reconciles on demand", async () => {
  await withPage("admin-loans", adminIn("en"), async (page) => {
    const { sandboxUrl } = demo()
    await putOnAttentionList(demo(), { loanId: STUCK_LOAN, cartId: "cart_browser_stuck", reason: STUCK_REASON })
    await logIn(page)

    await page.getByRole("link", { name: "Installment loans" }).click()
    await page.waitForURL((url) => url.pathname.endsWith("/bnpl-loans"))
    await expect(page.getByTestId("bnpl-attention-banner").textContent({ timeout: 30_000 })).resolves.toContain("1 loan needs attention")
    await shots.take(page, "admin-loans")

    await page.getByTestId("bnpl-show-attention").click()
    const reason = page.getByTestId(`bnpl-ledger-reason-${STUCK_LOAN}`)
    await expect(reason.textContent()).resolves.toBe(STUCK_REASON)
    await expect(page.getByTestId(`bnpl-ledger-state-${STUCK_LOAN}`).textContent()).resolves.toContain("Needs attention")
    // The list keeps the unfiltered page on screen while the filtered one loads: wait for the filtered rows.
    // The figures' delay table below the list has rows of its own, one per day (data-day).
    await page.waitForFunction(() => document.querySelectorAll("tbody tr:not([data-day])").length === 1, undefined, { timeout: 30_000 })
    await shots.take(page, "admin-loans-attention")

    // Refund in full asks first; cancelling asks the service for nothing.
    await rowMenu(page, STUCK_LOAN).click()
    await page.getByRole("menuitem", { name: "Refund in full" }).click()
    const prompt = page.getByRole("alertdialog")
    await expect(prompt.textContent()).resolves.toContain(`Refund loan ${STUCK_LOAN} in full?`)
    await shots.take(page, "admin-loans-refund-prompt")
    await prompt.getByRole("button", { name: "Cancel" }).click()
    await prompt.waitFor({ state: "hidden" })
    // No refund sent. Reading a refund history is not one: the diagnosis's probe reads an unknown cart's, and
    // a confirmation reads its loan's before it makes the order (the figures' test placed one).
    expect((await sandboxRequests(sandboxUrl)).filter((r) => r.method === "POST" && r.path.includes("refund"))).toEqual([])

    await rowMenu(page, STUCK_LOAN).click()
    await page.getByRole("menuitem", { name: "Retry completion" }).click()
    await page
      .getByText(new RegExp(`^Loan ${STUCK_LOAN}: `))
      .first()
      .waitFor()

    await page.getByTestId("bnpl-reconcile").click()
    await expect(page.getByTestId("bnpl-reconcile-counts").textContent({ timeout: 60_000 })).resolves.toMatch(/\d+ checked/)
    await shots.take(page, "admin-loans-reconciled")
  })
})

it("shows the order's loan and ledger row in Spanish, the service's failure, and a refund", async () => {
  await withPage("admin-widget", adminIn("es"), async (page) => {
    const { backendUrl, sandboxUrl } = demo()
    const order = await placeBnplOrder(demo())
    await logIn(page)

    await page.goto(`${backendUrl}/app/orders/${order.id}`)
    const widget = page.getByTestId("bnpl-loan-widget")
    await widget.waitFor({ timeout: 60_000 })
    await expect(page.getByTestId("bnpl-loan-status").textContent({ timeout: 30_000 })).resolves.toBe("Pagado (OUTSTANDING)")
    await expect(page.getByTestId("bnpl-loan-id").textContent()).resolves.toBe(String(order.loanId))
    await expect(widget.getByRole("heading").textContent()).resolves.toBe("Pago a plazos")
    await expect(widget.textContent()).resolves.toContain("Sin reembolsos")
    await expect(widget.textContent()).resolves.toMatch(/Registro|no está en el registro/)
    // The sandbox's webhook, on record: it placed the order.
    await expect(page.getByTestId("bnpl-webhook-delivery").first().textContent({ timeout: 30_000 })).resolves.toContain("200 · pedido creado")
    // The order page scrolls inside its own pane: bring the card into the picture.
    await page.getByTestId("bnpl-loan-refunds").scrollIntoViewIfNeeded()
    await shots.take(page, "admin-widget-es")

    // The financing service fails: the widget says so, in Spanish, and the page stands.
    await setFaults(sandboxUrl, { status: { errorRate: 1 } })
    await page.getByTestId("bnpl-loan-refresh").click()
    await expect(page.getByTestId("bnpl-loan-error").textContent({ timeout: 30_000 })).resolves.toContain(
      "No se pudo contactar al servicio de financiamiento",
    )
    await page.getByTestId("bnpl-loan-error").scrollIntoViewIfNeeded()
    await shots.take(page, "admin-widget-es-error")
    await setFaults(sandboxUrl, {})
    await page.getByTestId("bnpl-loan-refresh").click()
    await expect(page.getByTestId("bnpl-loan-status").textContent({ timeout: 30_000 })).resolves.toBe("Pagado (OUTSTANDING)")

    // A refund made through Medusa's admin shows in the loan's refund history, once the service lists it: nothing
    // promises at once (the sandbox lists it visibleAfterMs later), so the admin presses Refresh until it does.
    await refundThroughAdmin(demo(), order.id, 100)
    const refund = page.getByTestId("bnpl-loan-refund")
    for (let tries = 0; tries < 10 && !(await refund.count()); tries++) {
      await page.getByTestId("bnpl-loan-refresh").click()
      await refund.waitFor({ timeout: 1_000 }).catch(() => undefined)
    }
    // The service's history holds no amount (Medusa's own refund list on the order shows it): its status and date.
    await expect(refund.textContent({ timeout: 30_000 })).resolves.toMatch(/(Solicitado|Reembolsado) · /)
    await refund.scrollIntoViewIfNeeded()
    await shots.take(page, "admin-widget-es-refund")
  })
}, 480_000)

it("settles a refund made in the service's portal from the loans page: recorded with its amount, in one action", async () => {
  await withPage("admin-settle-refund", adminIn("en"), async (page) => {
    const { backendUrl, sandboxUrl } = demo()
    const { loanId, cartId } = await portalRefundedBeforeItsOrder(demo(), "150.00")
    await logIn(page)

    await page.goto(`${backendUrl}/app/bnpl-loans?state=needs_attention&q=${loanId}`)
    const reason = page.getByTestId(`bnpl-ledger-reason-${loanId}`)
    await expect(reason.textContent({ timeout: 30_000 })).resolves.toContain("outside Medusa")
    await rowMenu(page, loanId).click()
    await page.getByRole("menuitem", { name: "Settle refunds…" }).click()
    const drawer = page.getByTestId("bnpl-settle-refunds")
    const entry = drawer.getByTestId("bnpl-book-entry")
    await expect(entry.textContent({ timeout: 30_000 })).resolves.toContain("Refund made outside Medusa on")
    await entry.getByLabel("Amount (MXN)").fill("150.00")
    await shots.take(page, "admin-settle-refund")
    await entry.getByRole("button", { name: "Record" }).click()
    // The drawer's empty list is what stays; the toast that says it ("Loan …: refund recorded") may be gone by
    // the time a loaded machine draws the page.
    await drawer.getByText("Nothing to settle.").waitFor({ timeout: 30_000 })
    // Recorded without a request to the service: the money had already left there.
    const refundsOfCart = (await sandboxRequests(sandboxUrl)).filter(
      (r) => r.method === "POST" && r.path === "/api/pos/loan/refund" && (r.body as { cartId?: string } | undefined)?.cartId === cartId,
    )
    expect(refundsOfCart).toEqual([])
    await page.keyboard.press("Escape")
    await expect(reason.textContent({ timeout: 30_000 })).resolves.toContain("150.00")
    await shots.take(page, "admin-settle-refund-done")
  })
}, 480_000)

// ---- the admin in the browser ------------------------------------------------------------

/** The "…" menu of a ledger row (DataTable's action cell, the row's last cell). */
const rowMenu = (page: Page, loanId: number) =>
  page
    .locator("tbody tr", { has: page.getByTestId(`bnpl-ledger-state-${loanId}`) })
    .locator("td")
    .last()
    .getByRole("button")

// ---- what the test sets up, through the same doors a store and a developer use -------------

interface PlacedOrder {
  id: string
  loanId: number
  cartId: string
}

/** A cart paid in installments through the store API and the sandbox, completed into an order. */
async function placeBnplOrder({ backendUrl, sandboxUrl }: RunningDemo): Promise<PlacedOrder> {
  const { publishableKey } = await storeApi(backendUrl)
  const store = <T>(path: string, body?: unknown) =>
    call<T>(`${backendUrl}/store${path}`, { body, headers: { "x-publishable-api-key": publishableKey } })
  const { cartId, loanId } = await bnplCart(store)

  // The sandbox's "pay" sends the webhook too; the storefront's completion meets it under the cart's lock.
  await call(`${sandboxUrl}/_sandbox/loans/${loanId}/pay`, { method: "POST", body: {} })
  const completed = await store<{ type: string; order?: { id: string } }>(`/carts/${cartId}/complete`, {})
  if (completed.type !== "order" || !completed.order) throw new Error(`cart ${cartId} did not complete: ${JSON.stringify(completed)}`)
  return { id: completed.order.id, loanId, cartId }
}

type Store = <T>(path: string, body?: unknown) => Promise<T>

/** A cart of the demo store with a pp_bnpl_bnpl session, through the store API: its id and its loan. */
async function bnplCart(store: Store): Promise<{ cartId: string; loanId: number }> {
  const { regions } = await store<{ regions: Array<{ id: string; currency_code: string }> }>("/regions")
  const region = regions.find((r) => r.currency_code === "mxn")
  if (!region) throw new Error("the demo store has no MXN region")
  const { products } = await store<{ products: Array<{ variants: Array<{ id: string }> }> }>(
    `/products?region_id=${region.id}&fields=*variants&limit=1`,
  )
  const variant = products[0]?.variants[0]
  if (!variant) throw new Error("the demo store's sales channel lists no product with a variant")
  const { cart } = await store<{ cart: { id: string } }>("/carts", {
    region_id: region.id,
    email: "ana.admin@example.com",
    shipping_address: SAMPLE_SHIPPING_ADDRESS,
    items: [{ variant_id: variant.id, quantity: 1 }],
  })
  const { shipping_options } = await store<{ shipping_options: Array<{ id: string }> }>(`/shipping-options?cart_id=${cart.id}`)
  await store(`/carts/${cart.id}/shipping-methods`, { option_id: shipping_options[0].id })
  const { payment_collection } = await store<{ payment_collection: { id: string } }>("/payment-collections", { cart_id: cart.id })
  const started = await store<{ payment_collection: { payment_sessions: Array<{ provider_id: string; data: { loan_id: number } }> } }>(
    `/payment-collections/${payment_collection.id}/payment-sessions`,
    { provider_id: "pp_bnpl_bnpl" },
  )
  const loanId = started.payment_collection.payment_sessions.find((s) => s.provider_id === "pp_bnpl_bnpl")!.data.loan_id
  return { cartId: cart.id, loanId }
}

/**
 * A loan paid while its webhook was lost, refunded in part in the service's portal, whose
 * webhook then arrives: the plugin refuses to make it an order and lists it.
 */
async function portalRefundedBeforeItsOrder(demo: RunningDemo, amount: string): Promise<{ loanId: number; cartId: string }> {
  const { backendUrl, sandboxUrl } = demo
  const { publishableKey } = await storeApi(backendUrl)
  const store = <T>(path: string, body?: unknown) =>
    call<T>(`${backendUrl}/store${path}`, { body, headers: { "x-publishable-api-key": publishableKey } })
  const { cartId, loanId } = await bnplCart(store)
  await setFaults(sandboxUrl, { webhook: { dropRate: 1 } })
  await call(`${sandboxUrl}/_sandbox/loans/${loanId}/pay`, { method: "POST", body: {} })
  await setFaults(sandboxUrl, {})
  await call(`${sandboxUrl}/_sandbox/carts/${cartId}/refunds`, { body: { totalAmount: amount, reason: "customer called the service" } })
  await refundListed(sandboxUrl, cartId)
  await call(`${sandboxUrl}/_sandbox/loans/${loanId}/redeliver`, { method: "POST", body: {} })
  return { cartId, loanId }
}

/**
 * Until the service's refund history lists a refund of the cart: it does so a moment after the
 * refund (the sandbox's `visibleAfterMs`), as nothing promises at once. Asked as the store asks,
 * with the demo's merchant credentials (scripts/start.ts).
 */
async function refundListed(sandboxUrl: string, cartId: string): Promise<void> {
  const headers = { api_token: "sandbox-api-token", merchant_id: "1001" }
  for (const giveUpAt = Date.now() + 10_000; ; await new Promise((resolve) => setTimeout(resolve, 100))) {
    if ((await call<unknown[]>(`${sandboxUrl}/api/pos/loan/refund/${encodeURIComponent(cartId)}`, { headers })).length) return
    if (Date.now() > giveUpAt) throw new Error(`the service's refund history of ${cartId} lists no refund 10 s after it was made`)
  }
}

/** Captures the order's payment and refunds part of it, as an admin does on the order page. */
async function refundThroughAdmin(running: RunningDemo, orderId: string, amount: number): Promise<void> {
  const { backendUrl } = running
  const headers = await adminHeaders(running)
  const { order } = await call<{ order: { payment_collections: Array<{ payments: Array<{ id: string }> }> } }>(
    `${backendUrl}/admin/orders/${orderId}?fields=${encodeURIComponent("*payment_collections.payments")}`,
    { headers },
  )
  const paymentId = order.payment_collections[0].payments[0].id
  await call(`${backendUrl}/admin/payments/${paymentId}/capture`, { body: {}, headers })
  await call(`${backendUrl}/admin/payments/${paymentId}/refund`, { body: { amount }, headers })
}

const setFaults = (sandboxUrl: string, faults: unknown) => call(`${sandboxUrl}/_sandbox/faults`, { method: "PUT", body: faults })

const sandboxRequests = (sandboxUrl: string) => call<Array<{ method: string; path: string; body?: unknown }>>(`${sandboxUrl}/_sandbox/requests`)

interface LedgerToday {
  /** Loans created today, whatever their state. */
  loans: number
  /** Seconds from the first authenticated webhook naming each cart's paid loan to its order placed today. */
  delays: number[]
  /** Loans on the attention list, and refunds the admin must settle, now. */
  attention: number
  unclear: number
}

/**
 * Today's figures as the ledger's tables and Medusa's orders hold them, counted by hand in SQL: what
 * the charts must show. Timestamps to the millisecond, as the route reads them through JavaScript.
 */
async function ledgerToday(demo: RunningDemo, day: string): Promise<LedgerToday> {
  const client = new Client({ connectionString: demoDatabaseUrl(demo) })
  await client.connect()
  try {
    const utcDay = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`
    const loans = await client.query(`SELECT count(*)::int AS n FROM bnpl_loan WHERE deleted_at IS NULL AND ${utcDay("created_at")} = $1`, [day])
    const delays = await client.query(
      `SELECT extract(epoch FROM date_trunc('milliseconds', o.created_at) - min(d.received_at))::float AS seconds
         FROM bnpl_loan l JOIN "order" o ON o.id = l.order_id AND o.deleted_at IS NULL
         JOIN bnpl_webhook_delivery d ON d.loan_id = l.loan_id AND d.deleted_at IS NULL AND d.auth IN ('accepted', 'not_required')
        WHERE l.holder = 'cart' AND l.deleted_at IS NULL AND ${utcDay("o.created_at")} = $1
        GROUP BY l.loan_id, o.created_at`,
      [day],
    )
    const watched = await client.query(
      `SELECT (SELECT count(*)::int FROM bnpl_loan WHERE deleted_at IS NULL AND state = 'needs_attention') AS attention,
              (SELECT count(*)::int FROM bnpl_refund WHERE deleted_at IS NULL AND state IN ('sending', 'unknown', 'open')) AS unclear`,
    )
    return {
      loans: loans.rows[0].n,
      delays: delays.rows.map((row) => Math.max(0, row.seconds)),
      attention: watched.rows[0].attention,
      unclear: watched.rows[0].unclear,
    }
  } finally {
    await client.end()
  }
}

/** Today's bar of loans by state, today's attention list and unclear refunds, and today's row of the paid → order table, equal the ledger's. */
async function expectFigures(where: Pick<Page, "getByTestId">, day: string, ledger: LedgerToday): Promise<void> {
  const states = where.getByTestId("bnpl-activity-loan-states")
  await states.waitFor({ timeout: 60_000 })
  const bars = states.locator("g[data-day]")
  await expect(bars.evaluateAll((all) => all.map((bar) => bar.getAttribute("data-day")))).resolves.toHaveLength(7)
  await expect(bars.nth(6).getAttribute("data-day")).resolves.toBe(day)
  await expect(bars.nth(6).getAttribute("data-total").then(Number)).resolves.toBe(ledger.loans)
  const watched = where.getByTestId("bnpl-activity-attention").locator(`g[data-day="${day}"]`)
  await expect(watched.getAttribute("data-attention").then(Number)).resolves.toBe(ledger.attention)
  await expect(watched.getAttribute("data-unclear").then(Number)).resolves.toBe(ledger.unclear)
  const sorted = [...ledger.delays].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  const median = sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  const p95 = sorted[Math.ceil(0.95 * sorted.length) - 1]
  const tenth = (seconds: number) => Math.round(seconds * 10) / 10
  await expect(where.getByTestId(`bnpl-delay-${day}-orders`).textContent()).resolves.toBe(String(ledger.delays.length))
  await expect(where.getByTestId(`bnpl-delay-${day}-median`).getAttribute("data-value").then(Number)).resolves.toBe(tenth(median))
  await expect(where.getByTestId(`bnpl-delay-${day}-p95`).getAttribute("data-value").then(Number)).resolves.toBe(tenth(p95))
  await expect(where.getByTestId(`bnpl-delay-${day}-median`).textContent()).resolves.toBe(`${tenth(median)} s`)
}

/**
 * A paid loan whose cart cannot complete, as the ledger records one after its bounded
 * failed completions. Written straight into the demo's database: the demo exposes no
 * other door to the ledger, and the test must not wait for the failures to pile up.
 */
async function putOnAttentionList(demo: RunningDemo, row: { loanId: number; cartId: string; reason: string }): Promise<void> {
  const client = new Client({ connectionString: demoDatabaseUrl(demo) })
  await client.connect()
  try {
    await client.query(
      `INSERT INTO bnpl_loan (id, loan_id, service_cart_id, amount, raw_amount, currency_code, loan_status, state, attention_reason, completion_failures)
       VALUES ($1, $2, $3, 2350, '{"value": "2350", "precision": 20}', 'mxn', 'OUTSTANDING', 'needs_attention', $4, 3)
       ON CONFLICT DO NOTHING`, // a test run again after a restart finds its row in place
      [`bnplloan_browser${row.loanId}`, row.loanId, row.cartId, row.reason],
    )
  } finally {
    await client.end()
  }
}

/** The demo's embedded PostgreSQL, from the line scripts/start.ts prints (scripts/harness/embedded-postgres.ts's fixed user). */
function demoDatabaseUrl(demo: RunningDemo): string {
  const port = /embedded PostgreSQL on port (\d+)/.exec(readFileSync(demo.logFile, "utf8"))?.[1]
  if (!port) throw new Error(`the demo's log does not say which port its PostgreSQL listens on (${demo.logFile})`)
  return `postgres://postgres:postgres@localhost:${port}/medusa_bnpl`
}

/** Polls a reconciliation run until it is no longer running. */
async function untilReconciled(backendUrl: string, headers: Record<string, string>, id: string): Promise<void> {
  const deadline = Date.now() + 120_000
  for (;;) {
    const { reconciliation } = await call<{ reconciliation: { status: string } }>(`${backendUrl}/admin/bnpl/reconciliations/${id}`, { headers })
    if (reconciliation.status !== "running") return
    if (Date.now() > deadline) throw new Error(`reconciliation ${id} still running after 120 s`)
    await new Promise((r) => setTimeout(r, 500))
  }
}

/**
 * Runs `work` while the service refuses the store's API token, as after the merchant's token
 * was revoked: the demo's sandbox process is stopped and one in this process takes its port
 * and its saved loans, knowing merchant 1001 by another token. The demo's own credentials are
 * back afterwards (in a sandbox of this process, on the same port and file, until afterAll).
 * The demo is then left without a sandbox: integration-tests/sequencer.js runs this file last
 * of those that share it.
 */
async function withRefusedToken(running: RunningDemo, work: () => Promise<void>): Promise<void> {
  const port = Number(new URL(running.sandboxUrl).port)
  const persistFile = resolve(running.logFile, "../data/sandbox.json")
  for (const pid of descendants(running.pid).filter((p) => processLabel(p).includes("packages/sandbox/cli.ts"))) process.kill(pid, "SIGTERM")
  const start = (apiToken: string) =>
    startSandbox({ port, persistFile, log: () => {}, merchants: [{ merchantId: 1001, apiToken, name: "Tienda Demo", approved: true }] })
  await waitForPortFree(port)
  const refusing = await start("a-token-the-store-does-not-have")
  try {
    await work()
  } finally {
    await refusing.close()
    replacementSandbox = await start("sandbox-api-token")
  }
}

async function waitForPortFree(port: number): Promise<void> {
  const deadline = Date.now() + 15_000
  while (Date.now() < deadline) {
    const answered = await fetch(`http://localhost:${port}/_sandbox/loans`).then(
      () => true,
      () => false,
    )
    if (!answered) return
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`the demo's sandbox still answers on port ${port}`)
}
