import { readFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { writeChaosBlocks, type ChaosOutcome } from "./chaos/measured-blocks"
import { codeDigest, measuredBlockNames, staleBlocks, unmeasuredBlocks } from "./harness/measured"

/**
 * `ts-node scripts/measured.ts check`: fails when a figure in the README's Measured section
 * was measured on other code than today's `src` (part of `npm run lint`).
 * `ts-node scripts/measured.ts chaos <report.json> [--root <dir>]`: writes the blocks of a
 * full chaos run that was made in another checkout (`--root`, whose `src` is digested).
 */
const PROJECT_ROOT = resolve(__dirname, "..")

function check(): number {
  const readme = readFileSync(join(PROJECT_ROOT, "README.md"), "utf8")
  const digest = codeDigest(PROJECT_ROOT)
  const names = measuredBlockNames(readme)
  const stale = staleBlocks(readme, digest)
  if (!names.length) {
    console.error("README.md's Measured section has no measured block: run `npm run bench` and `npm run test:chaos`.")
    return 1
  }
  if (stale.length) {
    console.error(
      `README.md shows figures measured on other code than today's src (code digest ${digest}): ${stale.join(", ")}.\n` +
        "Run the commands named under each block again (bench:… with `npm run bench`, chaos:… with `npm run test:chaos`); they rewrite their blocks.",
    )
    return 1
  }
  const unmeasured = unmeasuredBlocks(readme)
  console.log(`README.md: ${names.length - unmeasured.length} measured blocks, all of code digest ${digest}`)
  if (unmeasured.length) console.log(`not measured on this code yet: ${unmeasured.join(", ")}`)
  return 0
}

function chaos(args: string[]): number {
  const [reportPath] = args
  const rootAt = args.indexOf("--root")
  const root = rootAt >= 0 ? resolve(args[rootAt + 1]) : PROJECT_ROOT
  const report = JSON.parse(readFileSync(reportPath, "utf8")) as { outcomes: ChaosOutcome[]; load?: number[] }
  writeChaosBlocks(PROJECT_ROOT, report.outcomes, report.load ?? [], codeDigest(root))
  return 0
}

const [command = "check", ...rest] = process.argv.slice(2)
process.exit(command === "chaos" ? chaos(rest) : check())
