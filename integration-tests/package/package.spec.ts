import axios, { type AxiosRequestConfig } from "axios"
import { execFileSync, spawn, type ChildProcess } from "child_process"
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "fs"
import { tmpdir } from "os"
import { join, resolve } from "path"
import { Client } from "pg"
import { startSandbox, type Sandbox } from "../../src/sandbox"
import { freePort } from "../helpers/environment"

/**
 * What a merchant does, from the tarball: install it into a fresh Medusa 2.21.2
 * store, register it with the README's own medusa-config.ts snippet, boot, and
 * sell once. The scratch store gets no file from this project but the tarball
 * (and the README's snippet); it shares the npm cache.
 */
jest.setTimeout(600_000)

const PROJECT = resolve(__dirname, "../..")
const MEDUSA_VERSION = "2.21.2"
const MERCHANT = { merchantId: 3003, apiToken: "package-test-api-token-0123", name: "Tienda Empaquetada", approved: true }
const WEBHOOK_TOKEN = "package-test-webhook-token-0123"
const ADMIN = { email: "merchant@package.test", password: "merchant-password" }

let scratch: string
let sandbox: Sandbox
let medusa: ChildProcess | undefined
let database: string
let base: string
const log: string[] = []

/** The medusa-config.ts snippet of the README's "Install" section, verbatim. */
function readmeConfig(): string {
  const readme = readFileSync(join(PROJECT, "README.md"), "utf8")
  const block = readme.match(/<!-- install:medusa-config -->\s*```ts\n([\s\S]*?)```\s*<!-- \/install:medusa-config -->/)
  if (!block) throw new Error("README.md lost its install:medusa-config block")
  return block[1]
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) {
  return execFileSync(command, args, { cwd, env: { ...process.env, ...env }, stdio: "pipe", encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })
}

async function waitFor(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (medusa?.exitCode != null) throw new Error(`medusa exited with ${medusa.exitCode}:\n${log.slice(-40).join("")}`)
    try {
      if ((await axios.get(url, { validateStatus: () => true })).status === 200) return
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error(`${url} did not come up:\n${log.slice(-40).join("")}`)
}

/** The test server's maintenance database, where databases are created and dropped. */
async function maintenance(): Promise<Client> {
  const client = new Client({ host: "localhost", port: Number(process.env.DB_PORT || 5432), user: process.env.DB_USERNAME || "postgres", password: process.env.DB_PASSWORD || "", database: "postgres" })
  await client.connect()
  return client
}

async function createDatabase(): Promise<string> {
  database = `bnpl_package_${Date.now()}`
  const admin = await maintenance()
  await admin.query(`CREATE DATABASE "${database}"`)
  await admin.end()
  const user = encodeURIComponent(process.env.DB_USERNAME || "postgres")
  const password = encodeURIComponent(process.env.DB_PASSWORD || "")
  return `postgres://${user}:${password}@localhost:${process.env.DB_PORT || 5432}/${database}`
}

beforeAll(async () => {
  // The package, as it would be published.
  run("npm", ["run", "build"], PROJECT)
  scratch = mkdtempSync(join(tmpdir(), "bnpl-store-"))
  run("npm", ["pack", "--pack-destination", scratch], PROJECT)
  const tarball = readdirSync(scratch).find((f) => f.endsWith(".tgz"))!

  // A fresh Medusa store.
  const ours = JSON.parse(readFileSync(join(PROJECT, "package.json"), "utf8"))
  writeFileSync(
    join(scratch, "package.json"),
    JSON.stringify({
      name: "scratch-store",
      private: true,
      dependencies: {
        "@medusajs/admin-sdk": MEDUSA_VERSION,
        "@medusajs/cli": MEDUSA_VERSION,
        "@medusajs/framework": MEDUSA_VERSION,
        "@medusajs/medusa": MEDUSA_VERSION,
        // `npm install medusa-payment-bnpl`, with the tarball standing in for the registry.
        "medusa-payment-bnpl": `file:./${tarball}`,
      },
      devDependencies: { "@swc/core": ours.devDependencies["@swc/core"], typescript: ours.devDependencies.typescript, "ts-node": ours.devDependencies["ts-node"], "@types/node": ours.devDependencies["@types/node"] },
      allowScripts: ours.allowScripts,
    })
  )
  writeFileSync(
    join(scratch, "tsconfig.json"),
    JSON.stringify({ compilerOptions: { target: "ES2021", module: "Node16", moduleResolution: "Node16", esModuleInterop: true, skipLibCheck: true, strict: true }, include: ["**/*"], exclude: ["node_modules", ".medusa"] })
  )
  writeFileSync(join(scratch, "medusa-config.ts"), readmeConfig())
  run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], scratch)

  sandbox = await startSandbox({ log: () => {}, merchants: [MERCHANT], webhook: { auth: "bearer", token: WEBHOOK_TOKEN, retries: 0 } })
  const port = await freePort()
  base = `http://localhost:${port}`
  const env = {
    DATABASE_URL: await createDatabase(),
    PORT: String(port),
    MEDUSA_DISABLE_TELEMETRY: "true",
    BNPL_AUTH_URL: sandbox.authUrl,
    BNPL_BASE_URL: sandbox.baseUrl,
    BNPL_API_TOKEN: MERCHANT.apiToken,
    BNPL_MERCHANT_ID: String(MERCHANT.merchantId),
    BNPL_SHOP_ID: "package-shop",
    BNPL_BACKEND_URL: base,
    BNPL_STOREFRONT_URL: "http://storefront.test",
    BNPL_WEBHOOK_AUTH: "bearer",
    BNPL_WEBHOOK_TOKEN: WEBHOOK_TOKEN,
  }
  const medusaBin = join(scratch, "node_modules/.bin/medusa")
  run(medusaBin, ["db:migrate"], scratch, env)
  run(medusaBin, ["user", "-e", ADMIN.email, "-p", ADMIN.password], scratch, env)
  medusa = spawn(medusaBin, ["develop"], { cwd: scratch, env: { ...process.env, ...env }, detached: true, stdio: ["ignore", "pipe", "pipe"] })
  medusa.stdout!.on("data", (chunk) => log.push(String(chunk)))
  medusa.stderr!.on("data", (chunk) => log.push(String(chunk)))
  await waitFor(`${base}/health`, 180_000)
})

afterAll(async () => {
  if (medusa?.pid) {
    try {
      process.kill(-medusa.pid, "SIGKILL")
    } catch {
      // gone
    }
  }
  await sandbox?.close()
  if (database) {
    const admin = await maintenance()
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => undefined)
    await admin.end()
  }
  if (scratch) rmSync(scratch, { recursive: true, force: true })
})

async function adminApi() {
  const { data } = await axios.post(`${base}/auth/user/emailpass`, ADMIN)
  const config: AxiosRequestConfig = { headers: { authorization: `Bearer ${data.token}` } }
  return {
    get: async (path: string) => (await axios.get(`${base}${path}`, config)).data,
    post: async (path: string, body: unknown) => (await axios.post(`${base}${path}`, body, config)).data,
  }
}

/** What a merchant sets up in the admin before selling: through the admin API. */
async function setUpStore() {
  const admin = await adminApi()
  const { stores } = await admin.get("/admin/stores")
  await admin.post(`/admin/stores/${stores[0].id}`, { supported_currencies: [{ currency_code: "mxn", is_default: true }] })
  const { sales_channel } = await admin.post("/admin/sales-channels", { name: "Web" })
  const { api_key } = await admin.post("/admin/api-keys", { title: "Storefront", type: "publishable" })
  await admin.post(`/admin/api-keys/${api_key.id}/sales-channels`, { add: [sales_channel.id] })
  const { region } = await admin.post("/admin/regions", { name: "Mexico", currency_code: "mxn", countries: ["mx"], payment_providers: ["pp_bnpl_bnpl"] })
  const { stock_location } = await admin.post("/admin/stock-locations", { name: "Warehouse" })
  await admin.post(`/admin/stock-locations/${stock_location.id}/sales-channels`, { add: [sales_channel.id] })
  await admin.post(`/admin/stock-locations/${stock_location.id}/fulfillment-providers`, { add: ["manual_manual"] })
  const withSet = await admin.post(`/admin/stock-locations/${stock_location.id}/fulfillment-sets?fields=*fulfillment_sets`, { name: "Shipping", type: "shipping" })
  const setId = withSet.stock_location.fulfillment_sets[0].id
  const { fulfillment_set } = await admin.post(`/admin/fulfillment-sets/${setId}/service-zones`, { name: "MX", geo_zones: [{ type: "country", country_code: "mx" }] })
  const { shipping_profiles } = await admin.get("/admin/shipping-profiles")
  const profile = shipping_profiles[0] ?? (await admin.post("/admin/shipping-profiles", { name: "Default", type: "default" })).shipping_profile
  const { shipping_option } = await admin.post("/admin/shipping-options", {
    name: "Standard",
    service_zone_id: fulfillment_set.service_zones[0].id,
    shipping_profile_id: profile.id,
    provider_id: "manual_manual",
    price_type: "flat",
    type: { label: "Standard", description: "3-5 days", code: "standard" },
    prices: [{ currency_code: "mxn", amount: 99 }],
    rules: [
      { attribute: "enabled_in_store", value: "true", operator: "eq" },
      { attribute: "is_return", value: "false", operator: "eq" },
    ],
  })
  const { product } = await admin.post("/admin/products", {
    title: "Lámpara",
    status: "published",
    shipping_profile_id: profile.id,
    sales_channels: [{ id: sales_channel.id }],
    options: [{ title: "Default", values: ["Default"] }],
    variants: [{ title: "Default", options: { Default: "Default" }, manage_inventory: false, prices: [{ currency_code: "mxn", amount: 1500 }] }],
  })
  return { key: api_key.token as string, regionId: region.id as string, optionId: shipping_option.id as string, variantId: product.variants[0].id as string }
}

describe("the packed plugin in a fresh Medusa store", () => {
  it("lists pp_bnpl_bnpl among the payment providers", async () => {
    const admin = await adminApi()
    const { payment_providers } = await admin.get("/admin/payments/payment-providers")
    expect(payment_providers.map((p: { id: string }) => p.id)).toContain("pp_bnpl_bnpl")
  })

  it("answers 400 on /hooks/bnpl to a webhook without a valid token", async () => {
    const body = { status: "Activo", loanId: 1, cartId: "cart_x", merchantId: MERCHANT.merchantId }
    const none = await axios.post(`${base}/hooks/bnpl`, body, { validateStatus: () => true })
    const wrong = await axios.post(`${base}/hooks/bnpl`, body, { headers: { authorization: "Bearer nope" }, validateStatus: () => true })
    expect([none.status, wrong.status]).toEqual([400, 400])
  })

  it("sells once through the standard store API: session, payment at the service, webhook, order", async () => {
    const store = await setUpStore()
    const headers = { headers: { "x-publishable-api-key": store.key } }
    const { cart } = (
      await axios.post(`${base}/store/carts`, { region_id: store.regionId, email: "c@example.com", shipping_address: { first_name: "Ana", last_name: "G", address_1: "Calle 1", city: "CDMX", country_code: "mx", postal_code: "01000" } }, headers)
    ).data
    await axios.post(`${base}/store/carts/${cart.id}/line-items`, { variant_id: store.variantId, quantity: 2 }, headers)
    await axios.post(`${base}/store/carts/${cart.id}/shipping-methods`, { option_id: store.optionId }, headers)
    const { payment_collection } = (await axios.post(`${base}/store/payment-collections`, { cart_id: cart.id }, headers)).data
    const session = (await axios.post(`${base}/store/payment-collections/${payment_collection.id}/payment-sessions`, { provider_id: "pp_bnpl_bnpl" }, headers)).data
      .payment_collection.payment_sessions[0]
    expect(session.data.checkout_url).toContain("/checkout/")

    await sandbox.pay(session.data.loan_id)
    expect(sandbox.state.webhooks[0].status).toBe(200)
    const completed = (await axios.post(`${base}/store/carts/${cart.id}/complete`, {}, headers)).data
    expect(completed.type).toBe("order")
    expect(Number(completed.order.total)).toBe(3099)
  })
})
