import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { runDiagnosis } from "./run"
import { diagnosisSummary } from "./summary"

/**
 * Runs the diagnosis once and logs its summary: one line through Medusa's logger, failures
 * first with their fix, as a warning when a check fails.
 */
export async function diagnoseAndLog(container: MedusaContainer, logger: Logger): Promise<void> {
  const checks = await runDiagnosis(container)
  const line = diagnosisSummary(checks)
  if (checks.some((check) => check.status === "fail")) logger.warn(line)
  else logger.info(line)
}
