import { existsSync } from "fs"
import { chromium, type Browser } from "playwright-core"
import { ensurePackage } from "../../../scripts/harness/apt"

export const CHROMIUM = "/usr/bin/chromium"

/**
 * This machine has no internet: Chromium would hang on refused connections to Google's
 * services without the background-networking flags.
 */
const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
]

/** Debian's Chromium, installed with apt when missing. The tests never download a browser of their own. */
export function ensureChromium(): Promise<void> {
  return ensurePackage("chromium", CHROMIUM, () => existsSync(CHROMIUM), "run the browser tests again")
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS, timeout: 60_000 })
}
