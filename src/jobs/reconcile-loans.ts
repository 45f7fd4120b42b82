import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { reconcileSchedule } from "../lib/options/reconcile-schedule"
import { startReconciliation } from "../reconciliation/run"

/**
 * Confirms paid loans whose webhook never arrived, cancels abandoned ones, and checks refunds.
 * Each run is recorded (trigger `schedule`) beside the admin's, so the loans page can show the
 * latest; a failed run is recorded `failed` and still thrown for Medusa's job log.
 */
export default async function reconcileLoansJob(container: MedusaContainer) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const result = await (await startReconciliation(container, "schedule")).finished
  if (result.checked || result.backfilled) logger.info(`[bnpl] reconciliation: ${JSON.stringify(result)}`)
}

export const config = {
  name: "bnpl-reconcile-loans",
  schedule: reconcileSchedule(),
}
