import type { Browser } from "playwright-core"
import { ensureChromium, launchChromium } from "./browser"
import type { RunningDemo } from "./demo"
import { demoPages, type Pages } from "./pages"
import { Screenshots } from "./screenshots"
import { sharedDemo } from "./shared-demo"
import type { Timings } from "./timings"

export interface SharedDemoSuite extends Pages {
  /** The shared demo; throws when beforeAll did not get it. */
  demo(): RunningDemo
  /** The file's Chromium; throws when beforeAll did not launch it. */
  browser(): Browser
  shots: Screenshots
}

/**
 * The start and end of a test file of the "browser (shared demo)" project (jest.config.js), called
 * at its top: the shared demo (shared-demo.ts), Chromium launched for the file and closed after
 * it, the file's screenshots (named `screenshotPrefix`…) published, and its pages (pages.ts).
 * With `timings`, the Chromium check is timed in it.
 */
export function useSharedDemo(screenshotPrefix: string, options: { timings?: Timings } = {}): SharedDemoSuite {
  let demo: RunningDemo | undefined
  let browser: Browser | undefined
  const shots = new Screenshots(screenshotPrefix)

  beforeAll(async () => {
    demo = sharedDemo()
    await (options.timings ? options.timings.timed("chromium check", ensureChromium) : ensureChromium())
    browser = await launchChromium()
  }, 900_000)

  afterAll(async () => {
    await browser?.close().catch(() => {})
    shots.publish()
  }, 60_000)

  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the demo or the browser did not start: see beforeAll's error")
    return value
  }
  return {
    demo: () => started(demo),
    browser: () => started(browser),
    shots,
    ...demoPages(
      () => demo,
      () => browser,
      shots,
    ),
  }
}
