import { execFile, spawn, type ChildProcess } from "child_process"
import { cpSync, createWriteStream, mkdtempSync, renameSync, rmSync, writeFileSync } from "fs"
import { tmpdir } from "os"
import { join, resolve } from "path"
import { promisify } from "util"
import { applyRecipe } from "../../../scripts/storefront-recipe"
import { packKit } from "../../helpers/kit-pack"
import { descendants, isAlive, sleep } from "./processes"

const STARTER = resolve(__dirname, "../storefront-app")
// Not execFileSync: the demo starts meanwhile, and its output must keep being read.
const run = promisify(execFile)

export interface StorefrontApp {
  url: string
  logFile: string
  stop(): Promise<void>
}

export interface InstalledStarter {
  dir: string
  /** What the starter's own `tsc --noEmit` printed with the recipe applied, and its error count. */
  tsc: { output: string; errors: number }
}

/**
 * Medusa's starter storefront (integration-tests/browser/storefront-app, vendored unchanged) as a
 * developer ends up with it after docs/storefront.md: copied to a temporary folder (a write under
 * the project restarts the demo's `medusa develop`), the recipe's diffs applied by
 * scripts/storefront-recipe.ts, the starter's dependencies and the packed kit installed by one
 * plain `npm install`, then type-checked by the starter's own `tsc --noEmit`.
 */
export async function installStorefrontApp(): Promise<InstalledStarter> {
  const dir = mkdtempSync(join(tmpdir(), "bnpl-storefront-app-"))
  cpSync(STARTER, dir, { recursive: true, filter: (source) => !source.endsWith("VENDORED.md") })
  applyRecipe(dir)
  const tarball = join(dir, "medusa-payment-bnpl-storefront.tgz")
  renameSync(packKit(dir), tarball)
  await run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", tarball], { cwd: dir, maxBuffer: 64 * 1024 * 1024 })
  const tsc = await run(join(dir, "node_modules/.bin/tsc"), ["--noEmit", "-p", "tsconfig.json"], { cwd: dir, maxBuffer: 64 * 1024 * 1024 }).then(
    ({ stdout }) => stdout,
    (error: { stdout?: string }) => error.stdout ?? String(error),
  )
  return { dir, tsc: { output: tsc, errors: (tsc.match(/error TS\d+/g) ?? []).length } }
}

/**
 * The environment step of docs/storefront.md: the starter's `.env.local` with the store's URL, the
 * publishable key `npm start` prints, and the store's region instead of the template's `dk`.
 */
export function writeStarterEnv(dir: string, backendUrl: string, publishableKey: string, storefrontUrl: string): void {
  const env = {
    NEXT_PUBLIC_MEDUSA_BACKEND_URL: backendUrl,
    NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY: publishableKey,
    NEXT_PUBLIC_DEFAULT_REGION: "mx",
    NEXT_PUBLIC_BASE_URL: storefrontUrl,
  }
  writeFileSync(
    join(dir, ".env.local"),
    Object.entries(env)
      .map(([key, value]) => `${key}=${value}\n`)
      .join(""),
  )
}

/**
 * `next dev` of the installed starter on `port`, configured by its `.env.local` (`writeStarterEnv`);
 * `production`: `next start` of what `buildStorefrontApp` built.
 */
export async function startStorefrontApp(dir: string, port: number, { production = false } = {}): Promise<StorefrontApp> {
  const logFile = join(dir, production ? "next-start.log" : "next.log")
  const log = createWriteStream(logFile)
  const args = production ? ["start", "-p", String(port)] : ["dev", "--turbopack", "-p", String(port)]
  const child: ChildProcess = spawn(join(dir, "node_modules/.bin/next"), args, {
    cwd: dir,
    env: {
      ...withoutTestRunner(process.env),
      NODE_ENV: production ? "production" : "development",
      NEXT_TELEMETRY_DISABLED: "1",
    },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  })
  let output = ""
  const onData = (chunk: Buffer) => {
    log.write(chunk)
    output += chunk.toString()
  }
  child.stdout!.on("data", onData)
  child.stderr!.on("data", onData)
  const stop = async () => {
    const tree = child.pid ? [child.pid, ...descendants(child.pid)] : []
    if (child.pid && child.exitCode === null) process.kill(-child.pid, "SIGTERM")
    const deadline = Date.now() + 10_000
    while (tree.some(isAlive) && Date.now() < deadline) await sleep(200)
    for (const pid of tree.filter(isAlive)) process.kill(pid, "SIGKILL")
    await new Promise<void>((r) => log.end(() => r()))
  }
  const deadline = Date.now() + 120_000
  while (!/Ready in/.test(output)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop()
      throw new Error(`next ${args[0]} did not start:\n${output.slice(-3000)}`)
    }
    await sleep(200)
  }
  const url = `http://localhost:${port}`
  await warmUp(url)
  return { url, logFile, stop }
}

/**
 * `next dev` compiles a route on its first request, which can take a minute on a busy machine:
 * each of the app's routes is asked for once, side by side, before a browser waits on one.
 */
async function warmUp(url: string): Promise<void> {
  const routes = [
    "/mx/checkout",
    "/mx/checkout/bnpl/success",
    "/mx/order/order_warm_up/confirmed",
    "/mx/products/cafetera",
    "/mx/payment-collection/pay_col_warm_up",
  ]
  await Promise.all(routes.map((route) => fetch(`${url}${route}`, { signal: AbortSignal.timeout(300_000) }).then((r) => r.text())))
}

/**
 * `next build` of the installed starter, as a developer deploys it: its pages are generated against
 * the store its `.env.local` names, so the store must be running. The starter's config skips type
 * errors in the build (`ignoreBuildErrors`); its own `tsc` run checks them. Answers whether the
 * build succeeded, and its output.
 */
export async function buildStorefrontApp(dir: string): Promise<{ ok: boolean; output: string }> {
  return run(join(dir, "node_modules/.bin/next"), ["build"], {
    cwd: dir,
    env: { ...withoutTestRunner(process.env), NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    maxBuffer: 64 * 1024 * 1024,
    timeout: 600_000,
  }).then(
    ({ stdout, stderr }) => ({ ok: true, output: `${stdout}${stderr}` }),
    (error: { stdout?: string; stderr?: string }) => ({ ok: false, output: `${error.stdout ?? ""}${error.stderr ?? String(error)}` }),
  )
}

export function removeStorefrontApp(dir: string): void {
  rmSync(dir, { recursive: true, force: true })
}

/** The environment less what jest set for itself (its Node options would reach Next's workers). */
function withoutTestRunner(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { NODE_OPTIONS: _options, TEST_TYPE: _type, JEST_WORKER_ID: _worker, ...rest } = env
  return rest
}
