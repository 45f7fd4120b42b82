import type { MedusaContainer } from "@medusajs/framework/types"
import { bnplFromContainer } from "../lib/options/resolve-options"
import { CHECKS } from "./registry"
import type { Check, CheckResult, DiagnosisContext } from "./types"

/** A check that needs the options cannot run while they do not parse. */
class OptionsUnavailable extends Error {}

/** The longest a single check may take: each one's own calls time out sooner (BNPL_TIMEOUT_MS, retries). */
const CHECK_LIMIT_MS = 60_000

/** Runs every check at once; one check's crash is its own `fail`, never the whole diagnosis's. */
export async function runDiagnosis(container: MedusaContainer, checks: readonly Check[] = CHECKS): Promise<CheckResult[]> {
  const ctx = diagnosisContext(container)
  return Promise.all(checks.map((check) => runOne(check, ctx)))
}

function diagnosisContext(container: MedusaContainer): DiagnosisContext {
  const bnpl = () => {
    try {
      return bnplFromContainer(container)
    } catch {
      throw new OptionsUnavailable()
    }
  }
  let auth: Promise<void> | undefined
  return {
    container,
    bnpl,
    authenticate: () =>
      (auth ??= bnpl()
        .client.authenticate()
        .then(() => undefined)),
    nodeEnv: process.env.NODE_ENV,
    now: new Date(),
  }
}

async function runOne(check: Check, ctx: DiagnosisContext): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the check did not end within ${CHECK_LIMIT_MS / 1000} s`)), CHECK_LIMIT_MS)
  })
  try {
    return { id: check.id, ...(await Promise.race([check.run(ctx), limit])) }
  } catch (error) {
    if (error instanceof OptionsUnavailable) {
      return {
        id: check.id,
        status: "warn",
        detail: "Not run: the plugin's options do not parse.",
        fix: "Fix the options first (see the options check).",
      }
    }
    return {
      id: check.id,
      status: "fail",
      detail: `The check itself failed: ${(error as Error).message}`,
      fix: "Run the diagnosis again; if it persists, read Medusa's log for [bnpl] lines.",
    }
  } finally {
    clearTimeout(timer)
  }
}
