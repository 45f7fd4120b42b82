import { mkdtempSync } from "fs"
import { tmpdir } from "os"
import { join } from "path"
import { z } from "zod"
import { attachDemo, removeDemoFiles, startDemo, type Demo, type RunningDemo } from "./demo"
import { ARTIFACTS_STAGE_ENV, publishStaged } from "./screenshots"

/**
 * One demo store for the test files of jest.config.js's "browser (shared demo)" project, started
 * by its global setup and stopped by its global teardown: a start (PostgreSQL, migrations, seed,
 * `medusa develop`) takes one to two minutes of a 2-core machine, and those files need nothing
 * of a fresh one. Jest loads each test file in its own module registry: the files find the demo
 * through the environment, which the setup fills before any of them starts.
 */
const SHARED_DEMO_ENV = "BNPL_BROWSER_SHARED_DEMO"

const DemoAddressSchema = z.object({
  backendUrl: z.string(),
  sandboxUrl: z.string(),
  admin: z.object({ email: z.string(), password: z.string() }),
  logFile: z.string(),
  pid: z.number().int().positive(),
})

/** The setup's handle, for the teardown: both run in jest's own process, outside the test files' registries. */
const runner = globalThis as typeof globalThis & { bnplSharedDemo?: Demo }

export async function setUpSharedDemo(): Promise<void> {
  const started = Date.now()
  const demo = await startDemo()
  console.log(`browser suite: the shared demo started in ${Date.now() - started} ms`)
  runner.bnplSharedDemo = demo
  const { backendUrl, sandboxUrl, admin, logFile, pid } = demo
  process.env[SHARED_DEMO_ENV] = JSON.stringify({ backendUrl, sandboxUrl, admin, logFile, pid })
  // Every file's screenshots wait outside the project until the demo is stopped (see publishStaged).
  process.env[ARTIFACTS_STAGE_ENV] = mkdtempSync(join(tmpdir(), "bnpl-browser-artifacts-"))
}

/** Stops the demo, then publishes the run's screenshots and the demo's log; throws when processes outlived it. */
export async function tearDownSharedDemo(): Promise<void> {
  const demo = runner.bnplSharedDemo
  if (!demo) return
  runner.bnplSharedDemo = undefined
  const started = Date.now()
  const stopped = await demo.stop()
  console.log(`browser suite: the shared demo stopped in ${Date.now() - started} ms; it ran ${stopped.processes} processes`)
  const stage = process.env[ARTIFACTS_STAGE_ENV]
  if (stage) publishStaged(stage, { "browser-demo.log": demo.logFile })
  removeDemoFiles(demo)
  // Jest then writes no report: scripts/test.ts counts the run as failed.
  if (stopped.leftovers.length) throw new Error(`processes outlived the shared demo (now killed):\n${stopped.leftovers.join("\n")}`)
}

/** The shared demo, in a test file of the "browser (shared demo)" project. */
export function sharedDemo(): RunningDemo {
  const address = process.env[SHARED_DEMO_ENV]
  if (!address) throw new Error(`${SHARED_DEMO_ENV} is not set: run this file with TEST_TYPE=browser, whose global setup starts the demo`)
  return attachDemo(DemoAddressSchema.parse(JSON.parse(address)))
}
