import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { runDiagnosis } from "./run"
import { diagnosisSummary } from "./summary"

const POLL_MS = 1_000
/** A server that has not answered by then is not starting: nothing is logged. */
const GIVE_UP_MS = 5 * 60_000
/** A worker answers no HTTP: it waits this long for the rest of Medusa to load. */
const WORKER_DELAY_MS = 10_000

export interface AtStartInput {
  container: MedusaContainer
  logger: Logger
  /** Where this process's own HTTP server answers `/health`; undefined for a worker. */
  healthUrl?: string
}

/**
 * Runs the diagnosis once Medusa is up and logs its summary, without delaying the boot: the
 * caller returns at once, and every timer is unref'd so that a command that loads Medusa and
 * ends (migrations, `medusa exec`) is not kept alive by it.
 */
export function diagnoseOnceStarted({ container, logger, healthUrl }: AtStartInput): void {
  const run = () =>
    runDiagnosis(container)
      .then((checks) => {
        const line = diagnosisSummary(checks)
        if (checks.some((check) => check.status === "fail")) logger.warn(line)
        else logger.info(line)
      })
      .catch((error: Error) => logger.warn(`[bnpl] diagnosis at start-up could not run: ${error.message}`))
  if (!healthUrl) {
    setTimeout(run, WORKER_DELAY_MS).unref()
    return
  }
  const giveUpAt = Date.now() + GIVE_UP_MS
  const poll = async () => {
    const up = await fetch(healthUrl, { signal: AbortSignal.timeout(POLL_MS) }).then(
      (response) => response.ok,
      () => false,
    )
    if (up) void run()
    else if (Date.now() < giveUpAt) setTimeout(poll, POLL_MS).unref()
  }
  setTimeout(poll, POLL_MS).unref()
}
