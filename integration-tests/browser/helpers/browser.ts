import { existsSync } from "fs"
import { chromium, type Browser } from "playwright-core"
import { aptInstall } from "../../../scripts/harness/apt"

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
export async function ensureChromium(): Promise<void> {
  if (existsSync(CHROMIUM)) return
  const failed = await aptInstall(["chromium"]).then(
    () => "",
    (error: Error) => error.message,
  )
  if (failed || !existsSync(CHROMIUM)) {
    throw new Error(
      `${CHROMIUM} is missing and \`apt-get install -y chromium\` failed. Install Debian's chromium package (as root) and run the browser tests again.\n${failed}`,
    )
  }
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS, timeout: 60_000 })
}
