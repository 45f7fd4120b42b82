import { cpSync, mkdirSync, mkdtempSync, rmSync } from "fs"
import { tmpdir } from "os"
import { join, resolve } from "path"
import type { Page } from "playwright-core"

const ARTIFACTS = resolve(__dirname, "../../../artifacts")

/**
 * Screenshots are written outside the project while the demo runs: `medusa develop`
 * restarts its server on any file change under the project (artifacts/ included), which
 * would cut the test's requests. `publish()` copies them to artifacts/screenshots/ once
 * the demo is stopped.
 */
export class Screenshots {
  private readonly dir = mkdtempSync(join(tmpdir(), "bnpl-screenshots-"))
  private count = 0

  async take(page: Page, name: string): Promise<void> {
    this.count++
    const file = `${String(this.count).padStart(2, "0")}-${name}.png`
    await page.screenshot({ path: join(this.dir, file), fullPage: true }).catch(() => {})
  }

  /** Replaces artifacts/screenshots/ with this run's pictures; copies the given extra files beside it. */
  publish(extraFiles: Record<string, string> = {}): string {
    const target = join(ARTIFACTS, "screenshots")
    rmSync(target, { recursive: true, force: true })
    mkdirSync(ARTIFACTS, { recursive: true })
    cpSync(this.dir, target, { recursive: true })
    for (const [name, source] of Object.entries(extraFiles)) cpSync(source, join(ARTIFACTS, name), { force: true })
    rmSync(this.dir, { recursive: true, force: true })
    return target
  }
}
