import { execFile, spawn, type ChildProcess } from "child_process"
import { cpSync, createWriteStream, mkdtempSync, renameSync, rmSync } from "fs"
import { tmpdir } from "os"
import { join, resolve } from "path"
import { promisify } from "util"
import { packKit } from "../../helpers/kit-pack"
import { descendants, isAlive, sleep } from "./processes"

const SOURCE = resolve(__dirname, "../storefront-app")
// Not execFileSync: the demo starts meanwhile, and its output must keep being read.
const run = promisify(execFile)

export interface StorefrontApp {
  url: string
  logFile: string
  stop(): Promise<void>
}

/**
 * The Next.js storefront of integration-tests/browser/storefront-app, copied to a temporary folder
 * (a write under the project restarts the demo's `medusa develop`), with its dependencies and the
 * packed kit installed there by a plain `npm install`, then type-checked as the starter would be
 * (`tsc --noEmit`). Answers the folder; throws with the compiler's output on a type error.
 */
export async function installStorefrontApp(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "bnpl-storefront-app-"))
  cpSync(SOURCE, dir, { recursive: true })
  renameSync(packKit(dir), join(dir, "medusa-payment-bnpl-storefront.tgz"))
  await run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund"], { cwd: dir, maxBuffer: 64 * 1024 * 1024 })
  try {
    await run(join(dir, "node_modules/.bin/tsc"), ["--noEmit", "-p", "tsconfig.json"], { cwd: dir, maxBuffer: 64 * 1024 * 1024 })
  } catch (error) {
    throw new Error(`the storefront app does not type-check:\n${(error as { stdout?: string }).stdout ?? error}`)
  }
  return dir
}

/** `next dev` of the installed app on `port`, talking to the store at `backendUrl` with its publishable key. */
export async function startStorefrontApp(dir: string, port: number, backendUrl: string, publishableKey: string): Promise<StorefrontApp> {
  const logFile = join(dir, "next.log")
  const log = createWriteStream(logFile)
  const child: ChildProcess = spawn(join(dir, "node_modules/.bin/next"), ["dev", "--turbopack", "-p", String(port)], {
    cwd: dir,
    env: {
      ...withoutTestRunner(process.env),
      NODE_ENV: "development",
      NEXT_TELEMETRY_DISABLED: "1",
      NEXT_PUBLIC_MEDUSA_BACKEND_URL: backendUrl,
      NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY: publishableKey,
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
      throw new Error(`next dev did not start:\n${output.slice(-3000)}`)
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
  const routes = ["/mx/checkout", "/mx/checkout/bnpl/success", "/mx/order/order_warm_up/confirmed"]
  await Promise.all(routes.map((route) => fetch(`${url}${route}`, { signal: AbortSignal.timeout(300_000) }).then((r) => r.text())))
}

export function removeStorefrontApp(dir: string): void {
  rmSync(dir, { recursive: true, force: true })
}

/** The environment less what jest set for itself (its Node options would reach Next's workers). */
function withoutTestRunner(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { NODE_OPTIONS: _options, TEST_TYPE: _type, JEST_WORKER_ID: _worker, ...rest } = env
  return rest
}
