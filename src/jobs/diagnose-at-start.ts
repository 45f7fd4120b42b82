import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { diagnoseAndLog } from "../diagnosis/at-start"

/**
 * The diagnosis once, about a minute after Medusa starts: Medusa 2.21 gives a plugin no hook
 * that runs when the application has booted, and a job runs with the application's container
 * (regions, configuration, modules) once everything is loaded. Once per start of the store's
 * workers; BNPL_DIAGNOSIS_AT_START=false turns it off (the http tests do, so that it sends the
 * sandbox no request of its own).
 */
export default async function diagnoseAtStartJob(container: MedusaContainer) {
  if (process.env.BNPL_DIAGNOSIS_AT_START === "false") return
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  await diagnoseAndLog(container, logger).catch((error: Error) => logger.warn(`[bnpl] diagnosis at start-up could not run: ${error.message}`))
}

export const config = {
  name: "bnpl-diagnose-at-start",
  schedule: "* * * * *",
  numberOfExecutions: 1,
}
