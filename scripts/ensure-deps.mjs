// `npm start` and `npm test` work on a fresh clone: install the dependencies when they are missing.
// Plain JavaScript, not TypeScript: it runs before ts-node or any dependency exists (Node built-ins only).
import { existsSync } from "node:fs"
import { spawnSync } from "node:child_process"

const marker = "node_modules/@medusajs/medusa/package.json"
if (!existsSync(marker)) {
  console.log("[bnpl] installing dependencies (first run, about 2 minutes)…")
  const { status } = spawnSync("npm", ["install", "--no-audit", "--no-fund"], { stdio: "inherit" })
  if (status !== 0) process.exit(status ?? 1)
}
