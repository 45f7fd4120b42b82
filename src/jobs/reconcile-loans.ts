import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { reconcileLoans } from "../workflows/reconcile-loans"

/** Finds paid loans whose webhook never arrived, and cancels abandoned ones. */
export default async function reconcileLoansJob(container: MedusaContainer) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const summary = await reconcileLoans(container)
  if (summary.checked || summary.orphan_orders_removed) logger.info(`[bnpl] reconciliation: ${JSON.stringify(summary)}`)
}

export const config = {
  name: "bnpl-reconcile-loans",
  // Cron syntax; every 5 minutes unless BNPL_RECONCILE_SCHEDULE says otherwise.
  schedule: process.env.BNPL_RECONCILE_SCHEDULE || "*/5 * * * *",
}
