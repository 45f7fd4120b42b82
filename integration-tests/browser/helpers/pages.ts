import type { Browser, BrowserContext, Page } from "playwright-core"
import type { RunningDemo } from "./demo"
import type { Screenshots } from "./screenshots"

/**
 * A test file's pages in Chromium against the demo: `withPage`, a fresh browser context per test
 * with the given language and cookies, with a screenshot where it stood when it fails, and
 * `logIn` as the demo's admin. `medusa develop` restarts its server on any file change in the
 * project (others editing while the suite runs), which cuts the requests in flight and can leave
 * the admin half-loaded: a test cut by such a restart runs again once the server is quiet, at
 * most MAX_ROUNDS times in all, and says so. Any other failure stands.
 */
const MAX_ROUNDS = 4

export interface PageOptions {
  /** The browser's language: navigator.language and Accept-Language. */
  locale: string
  /** Cookies set on the demo's backend address before the page opens. */
  cookies?: Record<string, string>
}

export type AdminLanguage = "en" | "es"

/** Medusa's admin in `language`: a browser of that language, and the `lng` cookie the dashboard reads. */
export const adminIn = (language: AdminLanguage): PageOptions => ({ locale: language === "es" ? "es-MX" : "en-US", cookies: { lng: language } })

export interface Pages {
  logIn(page: Page): Promise<void>
  withPage(name: string, options: PageOptions, run: (page: Page) => Promise<void>): Promise<void>
}

/** `demo` and `browser` are read when a test runs: the file's beforeAll sets them. */
export function demoPages(demo: () => RunningDemo | undefined, browser: () => Browser | undefined, shots: Screenshots): Pages {
  async function logIn(page: Page): Promise<void> {
    const { backendUrl, admin } = demo()!
    // `medusa develop` compiles the admin with vite on its first request.
    await page.goto(`${backendUrl}/app`, { timeout: 120_000 })
    await page.locator('input[name="email"]').waitFor({ timeout: 120_000 })
    await page.fill('input[name="email"]', admin.email)
    await page.fill('input[name="password"]', admin.password)
    await page.click('button[type="submit"]')
    await page.waitForURL((url) => url.pathname.startsWith("/app/orders"), { timeout: 60_000 })
  }

  async function withPage(name: string, options: PageOptions, run: (page: Page) => Promise<void>): Promise<void> {
    for (let round = 1; ; round++) {
      const running = demo()
      const restartsBefore = running?.restarts() ?? 0
      try {
        return await attempt(round === 1 ? name : `${name}-retry${round - 1}`, options, run, restartsBefore)
      } catch (error) {
        if (!running || running.restarts() === restartsBefore || round === MAX_ROUNDS) throw error
        console.warn(`${name}: Medusa restarted on a file change during the test; running it again. ${(error as Error).message.split("\n")[0]}`)
        await running.settled()
      }
    }
  }

  async function attempt(name: string, options: PageOptions, run: (page: Page) => Promise<void>, restartsBefore: number): Promise<void> {
    const running = demo()
    const chromium = browser()
    if (!chromium || !running) throw new Error("the demo or the browser did not start: see beforeAll's error")
    const context: BrowserContext = await chromium.newContext({ viewport: { width: 1280, height: 900 }, locale: options.locale })
    const cookies = Object.entries(options.cookies ?? {}).map(([cookie, value]) => ({ name: cookie, value, url: running.backendUrl }))
    if (cookies.length) await context.addCookies(cookies)
    const page = await context.newPage()
    page.setDefaultTimeout(30_000)
    const restart = running.whenRestarted(restartsBefore)
    const ran = run(page)
    ran.catch(() => {}) // may lose the race below; its failure is then moot
    try {
      await Promise.race([ran, restart.promise])
    } catch (error) {
      await shots.take(page, `${name}-failed`)
      throw error
    } finally {
      restart.cancel()
      await context.close()
    }
  }

  return { logIn, withPage }
}
