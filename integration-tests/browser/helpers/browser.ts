import { spawn } from "child_process"
import { existsSync } from "fs"
import { chromium, type Browser } from "playwright-core"

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
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn("sh", ["-c", "apt-get update && apt-get install -y --no-install-recommends chromium"], {
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
      stdio: ["ignore", "inherit", "inherit"],
    })
    child.on("error", reject)
    child.on("exit", resolve)
  })
  if (code !== 0 || !existsSync(CHROMIUM)) {
    throw new Error(
      `${CHROMIUM} is missing and \`apt-get install -y chromium\` failed (exit ${code}). Install Debian's chromium package (as root) and run the browser tests again.`,
    )
  }
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS, timeout: 60_000 })
}
