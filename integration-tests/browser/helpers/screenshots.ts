import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "fs"
import { tmpdir } from "os"
import { join, resolve } from "path"
import type { Page } from "playwright-core"

const ARTIFACTS = resolve(__dirname, "../../../artifacts")

/**
 * Set while the browser suite's shared demo runs (see shared-demo.ts): a folder outside the
 * project that takes what publish() would copy to artifacts/, until that demo is stopped.
 */
export const ARTIFACTS_STAGE_ENV = "BNPL_BROWSER_ARTIFACTS_STAGE"

/**
 * Screenshots are written outside the project while the demo runs: `medusa develop`
 * restarts its server on any file change under the project (artifacts/ included), which
 * would cut the test's requests. `publish()` copies them to artifacts/screenshots/ once
 * the demo is stopped.
 */
export class Screenshots {
  private readonly dir = mkdtempSync(join(tmpdir(), "bnpl-screenshots-"))
  private count = 0

  /** `prefix` keeps the pictures of several spec files apart in one folder ("storefront-01-…"). */
  constructor(private readonly prefix = "") {}

  async take(page: Page, name: string): Promise<void> {
    this.count++
    const file = `${this.prefix}${String(this.count).padStart(2, "0")}-${name}.png`
    await page.screenshot({ path: join(this.dir, file), fullPage: true }).catch(() => {})
  }

  /**
   * Copies this spec's pictures to artifacts/screenshots/ (or the stage, see ARTIFACTS_STAGE_ENV),
   * and the given extra files beside it. The first spec file of a test run empties the folder;
   * the others of the same run (same process) add to it, so every browser spec's pictures
   * survive the run.
   */
  publish(extraFiles: Record<string, string> = {}): string {
    const root = process.env[ARTIFACTS_STAGE_ENV] || ARTIFACTS
    const target = join(root, "screenshots")
    const marker = join(target, ".run")
    const run = String(process.pid)
    const sameRun = existsSync(marker) && readFileSync(marker, "utf8") === run
    if (!sameRun) rmSync(target, { recursive: true, force: true })
    mkdirSync(target, { recursive: true })
    writeFileSync(marker, run)
    cpSync(this.dir, target, { recursive: true })
    for (const [name, source] of Object.entries(extraFiles)) cpSync(source, join(root, name), { force: true })
    rmSync(this.dir, { recursive: true, force: true })
    return target
  }
}

/**
 * Moves what the spec files published to `stage` (see ARTIFACTS_STAGE_ENV) into artifacts/,
 * with the given extra files: the run's screenshots replace the previous run's.
 */
export function publishStaged(stage: string, extraFiles: Record<string, string> = {}): void {
  for (const [name, source] of Object.entries(extraFiles)) cpSync(source, join(stage, name), { force: true })
  if (existsSync(join(stage, "screenshots"))) rmSync(join(ARTIFACTS, "screenshots"), { recursive: true, force: true })
  mkdirSync(ARTIFACTS, { recursive: true })
  cpSync(stage, ARTIFACTS, { recursive: true, force: true })
  rmSync(stage, { recursive: true, force: true })
}
