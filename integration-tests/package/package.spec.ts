import axios, { type AxiosRequestConfig } from "axios"
import { execFileSync, spawn, spawnSync, type ChildProcess } from "child_process"
import { Agent } from "http"
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "fs"
import { tmpdir } from "os"
import { dirname, join, relative, resolve } from "path"
import { Client } from "pg"
import { freePort } from "../../scripts/harness/free-port"
import { plainInstall } from "../helpers/plain-install"

// Node keeps client sockets alive by default, and a store idle past its keep-alive time-out
// closes one just as the next request is written on it ("socket hang up"). Each request here
// gets its own connection.
axios.defaults.httpAgent = new Agent({ keepAlive: false })

/**
 * What a merchant does, from the tarball: install it into a fresh store of the newest
 * Medusa the registry offers, register it with the README's own medusa-config.ts
 * snippet, build the store and its admin (`medusa build`), start the package's own
 * sandbox (`npx bnpl-sandbox serve`), boot, and sell once. The scratch store gets no
 * file from this project but the tarball (and the README's snippet); it shares the npm
 * cache. `npm pack` builds the plugin itself (prepack).
 */
// The setup (pack, install a whole Medusa store, migrate, boot) runs at a low CPU priority beside
// the browser and chaos suites in `npm test`: on a saturated 2-core machine it needs a long time-out.
jest.setTimeout(1_200_000)

const PROJECT = resolve(__dirname, "../..")

/**
 * The newest Medusa the registry offers (its `latest`), asked at each run: a Medusa release
 * the plugin's peer ranges or code do not fit fails here, with no commit of ours. Offline, the
 * newest the npm cache knows; with neither, the test cannot build a store and says so.
 */
function newestMedusa(): string {
  for (const flags of [[], ["--offline"]]) {
    try {
      return execFileSync("npm", ["view", "@medusajs/medusa", "version", ...flags], { encoding: "utf8", stdio: "pipe" }).trim()
    } catch {
      // the next way, or none
    }
  }
  throw new Error("`npm view @medusajs/medusa version` has no answer, from the registry or the npm cache")
}
const MEDUSA_VERSION = newestMedusa()
// The sandbox's default merchant: what `bnpl-sandbox serve` prints in its banner.
const MERCHANT = { merchantId: 1001, apiToken: "sandbox-api-token" }
const WEBHOOK_TOKEN = "package-test-webhook-token-0123"
const ADMIN = { email: "merchant@package.test", password: "merchant-password" }

/** The store's `orderCanceled` handler: it leaves a line in the log for the test to find. */
const STORE_ORDER_CANCELED_HOOK = `import { cancelOrderWorkflow } from "@medusajs/medusa/core-flows"

cancelOrderWorkflow.hooks.orderCanceled(async ({ order }) => {
  console.log(\`[store] orderCanceled handler ran for \${order.id}\`)
})
`

let scratch: string
let sandbox: ChildProcess | undefined
let sandboxUrl: string
let medusa: ChildProcess | undefined
let database: string
let base: string
/** The store's environment, good options included: what `medusa develop` runs with. */
let storeEnv: Record<string, string>
const log: string[] = []
/** The packed plugin's file name, in `scratch`. */
let tarball: string
/** `medusa build` of the store: its exit status and everything it printed. */
let storeBuild: { status: number | null; output: string }

/** The id this store gives the provider: not the README's `bnpl`, as a merchant may choose. */
const PROVIDER = "pp_bnpl_installments"

/** The medusa-config.ts snippet of the README's "Install" section, with the store's own provider id. */
function readmeConfig(): string {
  const readme = readFileSync(join(PROJECT, "README.md"), "utf8")
  const block = readme.match(/<!-- install:medusa-config -->\s*```ts\n([\s\S]*?)```\s*<!-- \/install:medusa-config -->/)
  if (!block) throw new Error("README.md lost its install:medusa-config block")
  if (!block[1].includes('id: "bnpl"')) throw new Error("README.md's install:medusa-config block gives the provider no id")
  return block[1].replace('id: "bnpl"', 'id: "installments"')
}

/**
 * A Medusa store's own dependencies, at MEDUSA_VERSION, and the plugin: `npm install
 * medusa-payment-bnpl`, with the tarball at `tarballPath` (relative to the store) standing in
 * for the registry.
 */
function storeDependencies(tarballPath: string): Record<string, string> {
  return {
    "@medusajs/admin-sdk": MEDUSA_VERSION,
    "@medusajs/cli": MEDUSA_VERSION,
    "@medusajs/framework": MEDUSA_VERSION,
    "@medusajs/medusa": MEDUSA_VERSION,
    "medusa-payment-bnpl": `file:${tarballPath}`,
  }
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
  const client = new Client({
    host: "localhost",
    port: Number(process.env.DB_PORT || 5432),
    user: process.env.DB_USERNAME || "postgres",
    password: process.env.DB_PASSWORD || "",
    database: "postgres",
  })
  await client.connect()
  return client
}

async function createDatabase(): Promise<string> {
  database = `bnpl_package_${Date.now()}`
  const admin = await maintenance()
  // Empty, as a merchant's is: the test server's template1 holds this project's migrations (scripts/harness/migrated-template.ts).
  await admin.query(`CREATE DATABASE "${database}" TEMPLATE template0`)
  await admin.end()
  const user = encodeURIComponent(process.env.DB_USERNAME || "postgres")
  const password = encodeURIComponent(process.env.DB_PASSWORD || "")
  return `postgres://${user}:${password}@localhost:${process.env.DB_PORT || 5432}/${database}`
}

beforeAll(async () => {
  // The package, as it would be published: `npm pack` builds it first (the prepack script).
  scratch = mkdtempSync(join(tmpdir(), "bnpl-store-"))
  run("npm", ["pack", "--pack-destination", scratch], PROJECT)
  tarball = readdirSync(scratch).find((f) => f.endsWith(".tgz"))!

  // A fresh Medusa store.
  const ours = JSON.parse(readFileSync(join(PROJECT, "package.json"), "utf8"))
  writeFileSync(
    join(scratch, "package.json"),
    JSON.stringify({
      name: "scratch-store",
      private: true,
      dependencies: storeDependencies(`./${tarball}`),
      devDependencies: {
        "@swc/core": ours.devDependencies["@swc/core"],
        typescript: ours.devDependencies.typescript,
        "ts-node": ours.devDependencies["ts-node"],
        "@types/node": ours.devDependencies["@types/node"],
      },
      allowScripts: ours.allowScripts,
    }),
  )
  writeFileSync(
    join(scratch, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: { target: "ES2021", module: "Node16", moduleResolution: "Node16", esModuleInterop: true, skipLibCheck: true, strict: true },
      include: ["**/*"],
      exclude: ["node_modules", ".medusa"],
    }),
  )
  writeFileSync(join(scratch, "medusa-config.ts"), readmeConfig())
  // The store's own handler of a hook Medusa allows once, as Medusa's docs show it: the plugin must boot beside it.
  mkdirSync(join(scratch, "src/workflows/hooks"), { recursive: true })
  writeFileSync(join(scratch, "src/workflows/hooks/store-order-canceled.ts"), STORE_ORDER_CANCELED_HOOK)
  run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], scratch)

  const port = await freePort()
  base = `http://localhost:${port}`
  sandbox = await startPackagedSandbox(`${base}/hooks/bnpl`)
  const env = (storeEnv = {
    DATABASE_URL: await createDatabase(),
    PORT: String(port),
    MEDUSA_DISABLE_TELEMETRY: "true",
    BNPL_AUTH_URL: `${sandboxUrl}/api`,
    BNPL_BASE_URL: sandboxUrl,
    BNPL_API_TOKEN: MERCHANT.apiToken,
    BNPL_MERCHANT_ID: String(MERCHANT.merchantId),
    BNPL_SHOP_ID: "package-shop",
    BNPL_BACKEND_URL: base,
    BNPL_STOREFRONT_URL: "http://storefront.test",
    BNPL_WEBHOOK_AUTH: "bearer",
    BNPL_WEBHOOK_TOKEN: WEBHOOK_TOKEN,
  })
  const medusaBin = join(scratch, "node_modules/.bin/medusa")
  // What a merchant runs before deploying: the store's backend and its admin, the plugin's
  // extensions bundled in with the store's own React. Before `medusa develop`, which writes the
  // same .medusa/client files; the test below reads the outcome.
  const build = spawnSync(medusaBin, ["build"], { cwd: scratch, env: { ...process.env, ...env }, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })
  storeBuild = { status: build.status, output: `${build.stdout}${build.stderr}` }
  run(medusaBin, ["db:migrate"], scratch, env)
  run(medusaBin, ["user", "-e", ADMIN.email, "-p", ADMIN.password], scratch, env)
  medusa = spawn(medusaBin, ["develop"], { cwd: scratch, env: { ...process.env, ...env }, detached: true, stdio: ["ignore", "pipe", "pipe"] })
  medusa.stdout!.on("data", (chunk) => log.push(String(chunk)))
  medusa.stderr!.on("data", (chunk) => log.push(String(chunk)))
  await waitFor(`${base}/health`, 300_000)
})

afterAll(async () => {
  if (medusa?.pid) {
    try {
      process.kill(-medusa.pid, "SIGKILL")
    } catch {
      // gone
    }
  }
  if (sandbox?.pid) {
    try {
      process.kill(-sandbox.pid, "SIGTERM")
    } catch {
      // gone
    }
  }
  if (database) {
    const admin = await maintenance()
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => undefined)
    await admin.end()
  }
  if (scratch) rmSync(scratch, { recursive: true, force: true })
})

/** `npx bnpl-sandbox serve`, from the installed package: what a merchant points their own store at. */
async function startPackagedSandbox(webhookUrl: string): Promise<ChildProcess> {
  const port = await freePort()
  sandboxUrl = `http://localhost:${port}`
  const args = [
    "bnpl-sandbox",
    "serve",
    "--port",
    String(port),
    "--webhook-auth",
    "bearer",
    "--webhook-token",
    WEBHOOK_TOKEN,
    "--webhook-url",
    webhookUrl,
  ]
  const child = spawn("npx", ["--no-install", ...args], { cwd: scratch, env: process.env, detached: true, stdio: ["ignore", "pipe", "pipe"] })
  child.stdout!.on("data", (chunk) => log.push(String(chunk)))
  child.stderr!.on("data", (chunk) => log.push(String(chunk)))
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode != null) throw new Error(`bnpl-sandbox exited with ${child.exitCode}:\n${log.join("")}`)
    if (log.join("").includes("Financing service sandbox is running.")) return child
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`bnpl-sandbox did not start:\n${log.join("")}`)
}

/**
 * One `medusa start` of the installed store, as `medusa develop` runs it, to its end: its exit
 * code and everything it printed. One that is still up after two minutes has booted: it is
 * stopped and reported as such.
 */
async function bootToExit(env: Record<string, string>): Promise<{ code: number | null; output: string; booted: boolean }> {
  const child = spawn(join(scratch, "node_modules/.bin/medusa"), ["start"], {
    cwd: scratch,
    env: { ...process.env, ...env, NODE_ENV: "development" },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  })
  let output = ""
  child.stdout!.on("data", (chunk) => (output += String(chunk)))
  child.stderr!.on("data", (chunk) => (output += String(chunk)))
  let booted = false
  const deadline = setTimeout(() => {
    booted = true
    process.kill(-child.pid!, "SIGKILL")
  }, 120_000)
  const code = await new Promise<number | null>((resolve) => child.on("exit", (exitCode) => resolve(exitCode)))
  clearTimeout(deadline)
  return { code, output, booted }
}

/** The packaged CLI driving the packaged sandbox, as a merchant would from another terminal. */
function sandboxCli(...args: string[]): string {
  return run(join(scratch, "node_modules/.bin/bnpl-sandbox"), [...args, "--url", sandboxUrl], scratch)
}

/** Every `exports` entry of the installed package leads to at least one file. */
function deadExports(): string[] {
  const installed = join(scratch, "node_modules/medusa-payment-bnpl")
  const exportsField: Record<string, string | Record<string, string>> = JSON.parse(readFileSync(join(installed, "package.json"), "utf8")).exports
  const targets = Object.values(exportsField).flatMap((target) => (typeof target === "string" ? [target] : Object.values(target)))
  return targets.filter((target) => !matchesAFile(installed, target))
}

function matchesAFile(root: string, target: string): boolean {
  if (!target.includes("*")) return existsSync(join(root, target))
  const [prefix, suffix] = target.split("*")
  const dir = join(root, dirname(prefix + "x"))
  const walk = (folder: string): string[] =>
    readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(folder, entry.name)) : [join(folder, entry.name)],
    )
  return (
    existsSync(dir) &&
    walk(dir).some((file) => {
      const path = `./${relative(root, file)}`
      return path.startsWith(prefix) && path.endsWith(suffix) && path.length > prefix.length + suffix.length
    })
  )
}

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
  const { region } = await admin.post("/admin/regions", {
    name: "Mexico",
    currency_code: "mxn",
    countries: ["mx"],
    payment_providers: [PROVIDER],
  })
  const { stock_location } = await admin.post("/admin/stock-locations", { name: "Warehouse" })
  await admin.post(`/admin/stock-locations/${stock_location.id}/sales-channels`, { add: [sales_channel.id] })
  await admin.post(`/admin/stock-locations/${stock_location.id}/fulfillment-providers`, { add: ["manual_manual"] })
  const withSet = await admin.post(`/admin/stock-locations/${stock_location.id}/fulfillment-sets?fields=*fulfillment_sets`, {
    name: "Shipping",
    type: "shipping",
  })
  const setId = withSet.stock_location.fulfillment_sets[0].id
  const { fulfillment_set } = await admin.post(`/admin/fulfillment-sets/${setId}/service-zones`, {
    name: "MX",
    geo_zones: [{ type: "country", country_code: "mx" }],
  })
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
  return {
    key: api_key.token as string,
    regionId: region.id as string,
    optionId: shipping_option.id as string,
    variantId: product.variants[0].id as string,
  }
}

/** The order the test that sells once placed, for the test that cancels it. */
let sold: { orderId: string; loanId: number } | undefined

/** Every file under `dir` whose text holds `needle`. */
function filesHolding(dir: string, needle: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && readFileSync(join(entry.parentPath, entry.name), "utf8").includes(needle))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
}

/**
 * Medusa's own packages whose React ranges a store with a React 19 admin needs to accept React 19.
 * Medusa 2.21.2's do not (`@medusajs/ui` and `@medusajs/medusa` ask `^18.3.1`), so the store
 * stands in for a Medusa whose packages do, with overrides scoped to these packages: the
 * plugin's own peers are resolved exactly as it declares them.
 */
const MEDUSA_REACT_PACKAGES = ["@medusajs/medusa", "@medusajs/dashboard", "@medusajs/ui"]

/**
 * `npm install --package-lock-only` of a store beside the scratch one: this Medusa, `react` and
 * `react-dom` at `major` (as a store declares its admin's React) and the tarball. Its exit status,
 * what npm printed, and the versions of every `react` in the tree it resolved.
 */
function resolveStore(major: 18 | 19): { status: number | null; output: string; reacts: string[] } {
  const dir = join(scratch, `react-${major}-store`)
  mkdirSync(dir, { recursive: true })
  const react = { react: `^${major}.0.0`, "react-dom": `^${major}.0.0` }
  const overrides = Object.fromEntries(MEDUSA_REACT_PACKAGES.map((name) => [name, { react: "$react", "react-dom": "$react-dom" }]))
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({
      name: `react-${major}-store`,
      private: true,
      dependencies: { ...storeDependencies(`../${tarball}`), ...react },
      ...(major === 19 ? { overrides } : {}),
    }),
  )
  const { status, output } = plainInstall(dir, "--package-lock-only")
  const lock = existsSync(join(dir, "package-lock.json")) ? JSON.parse(readFileSync(join(dir, "package-lock.json"), "utf8")) : { packages: {} }
  const reacts = Object.entries(lock.packages as Record<string, { version: string }>)
    .filter(([path]) => path === "node_modules/react" || path.endsWith("/node_modules/react"))
    .map(([, entry]) => entry.version)
  return { status, output, reacts }
}

describe(`the packed plugin in a fresh Medusa ${MEDUSA_VERSION} store`, () => {
  it("lists the provider under the store's own id among the payment providers", async () => {
    const admin = await adminApi()
    const { payment_providers } = await admin.get("/admin/payments/payment-providers")
    expect(payment_providers.map((p: { id: string }) => p.id)).toContain(PROVIDER)
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
      await axios.post(
        `${base}/store/carts`,
        {
          region_id: store.regionId,
          email: "c@example.com",
          shipping_address: { first_name: "Ana", last_name: "G", address_1: "Calle 1", city: "CDMX", country_code: "mx", postal_code: "01000" },
        },
        headers,
      )
    ).data
    await axios.post(`${base}/store/carts/${cart.id}/line-items`, { variant_id: store.variantId, quantity: 2 }, headers)
    await axios.post(`${base}/store/carts/${cart.id}/shipping-methods`, { option_id: store.optionId }, headers)
    const { payment_collection } = (await axios.post(`${base}/store/payment-collections`, { cart_id: cart.id }, headers)).data
    const session = (
      await axios.post(`${base}/store/payment-collections/${payment_collection.id}/payment-sessions`, { provider_id: PROVIDER }, headers)
    ).data.payment_collection.payment_sessions[0]
    expect(session.data.checkout_url).toContain("/checkout/")

    // The customer pays at the sandbox; its webhook (sent to --webhook-url) reaches the store.
    expect(sandboxCli("pay", String(session.data.loan_id))).toMatch(/attempt 1 -> .*\/hooks\/bnpl: HTTP 200/)
    const completed = (await axios.post(`${base}/store/carts/${cart.id}/complete`, {}, headers)).data
    expect(completed.type).toBe("order")
    expect(Number(completed.order.total)).toBe(3099)
    sold = { orderId: completed.order.id, loanId: session.data.loan_id }
  })

  it("cancels that order beside the store's own orderCanceled handler: the handler runs and the loan is refunded in full", async () => {
    expect(sold).toBeDefined()
    const admin = await adminApi()
    const { order } = await admin.post(`/admin/orders/${sold!.orderId}/cancel`, {})
    expect(order.status).toBe("canceled")
    expect(log.join("")).toContain(`[store] orderCanceled handler ran for ${sold!.orderId}`)
    const loan = (await axios.get(`${sandboxUrl}/_sandbox/loans/${sold!.loanId}`)).data
    expect(loan.refunds.map((refund: { totalAmount: string }) => Number(refund.totalAmount))).toEqual([3099])
  })

  it("diagnoses the store without a failing check", async () => {
    const admin = await adminApi()
    const { checks } = await admin.get("/admin/bnpl/diagnosis")
    expect(checks.filter((check: { status: string }) => check.status === "fail")).toEqual([])
    expect(checks.find((check: { id: string }) => check.id === "regions")).toMatchObject({ status: "ok" })
  })

  it("refuses to boot with bad options: exits non-zero, names each option and what to fix, prints no secret", async () => {
    const secret = "package-test-webhook-secret-never-printed"
    const { code, output, booted } = await bootToExit({
      ...storeEnv,
      PORT: String(await freePort()),
      BNPL_BASE_URL: "sandbox.example:4010",
      BNPL_API_TOKEN: "",
      BNPL_WEBHOOK_TOKEN: secret,
    })
    expect(booted).toBe(false)
    expect(code).not.toBe(0)
    expect(output).toContain("medusa-payment-bnpl: invalid provider options:")
    expect(output).toContain("- baseUrl (BNPL_BASE_URL): must be an http(s) URL")
    expect(output).toContain("- apiToken (BNPL_API_TOKEN): is required")
    // Values are never echoed: a secret pasted into the wrong variable must not reach the log.
    expect(output).not.toContain(secret)
    expect(output).not.toContain("sandbox.example:4010")
  })

  it("builds the store and its admin with `medusa build`, the plugin's admin extensions bundled in", () => {
    expect({ status: storeBuild.status, output: storeBuild.status === 0 ? "" : storeBuild.output.slice(-6000) }).toEqual({ status: 0, output: "" })
    // The loans page's menu label: a string of the plugin's admin route, kept as is by the minifier.
    expect(filesHolding(join(scratch, ".medusa/server/public/admin"), "bnpl.menu.loans")).not.toEqual([])
  })

  it.each([18, 19] as const)("resolves its peers with a plain npm install in a store whose admin uses React %i", (major) => {
    const { status, output, reacts } = resolveStore(major)
    expect(output).not.toMatch(/ERESOLVE/)
    expect(status).toBe(0)
    // One React in the tree: the dashboard's, which the plugin's admin extensions render with.
    expect(reacts).toEqual([expect.stringMatching(new RegExp(`^${major}\\.`))])
  })

  it("ships the built plugin and the sandbox's bin, and every exports entry leads to a file", () => {
    const installed = join(scratch, "node_modules/medusa-payment-bnpl")
    expect(existsSync(join(installed, ".medusa/server/src/providers/bnpl/index.js"))).toBe(true)
    const bin: Record<string, string> = JSON.parse(readFileSync(join(installed, "package.json"), "utf8")).bin
    expect(readFileSync(join(installed, bin["bnpl-sandbox"]), "utf8")).toMatch(/^#!\/usr\/bin\/env node\n/)
    expect(deadExports()).toEqual([])
  })

  it("leaves out the demo storefront, its routes included", () => {
    const built = join(scratch, "node_modules/medusa-payment-bnpl/.medusa/server")
    expect([join(built, "src/api/demo"), join(built, "packages/demo-storefront")].filter((path) => existsSync(path))).toEqual([])
  })

  it("serves the sandbox from the package: `npx bnpl-sandbox serve`, and its CLI talks to it", () => {
    expect(log.join("")).toContain(`webhook  auth bearer, sent to ${base}/hooks/bnpl`)
    expect(sandboxCli("faults")).toBe("Faults: {}\n")
  })
})
