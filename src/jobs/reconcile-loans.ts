import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { reconcileLoansWorkflow } from "../workflows/reconcile-loans"

/** Confirms paid loans whose webhook never arrived, cancels abandoned ones, and checks refunds. */
export default async function reconcileLoansJob(container: MedusaContainer) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const { result } = await reconcileLoansWorkflow(container).run({ input: {} })
  if (result.checked || result.backfilled) logger.info(`[bnpl] reconciliation: ${JSON.stringify(result)}`)
}

export const config = {
  name: "bnpl-reconcile-loans",
  // Cron syntax; every 5 minutes unless BNPL_RECONCILE_SCHEDULE says otherwise.
  schedule: process.env.BNPL_RECONCILE_SCHEDULE || "*/5 * * * *",
}
