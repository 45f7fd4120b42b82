import { container as appContainer } from "@medusajs/framework"
import type { LoaderOptions } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { diagnoseOnceStarted } from "../../../diagnosis/at-start"

/**
 * Medusa 2.21 gives a plugin no "started" hook that waits for the HTTP server, so this loader
 * of the ledger module (run at every boot) starts the diagnosis in the background once the
 * server's `/health` answers. The checks read the application's container, not the module's:
 * they need the store's regions, configuration and modules. BNPL_DIAGNOSIS_AT_START=false
 * turns it off (the http tests do, so that it sends the sandbox no request of its own).
 */
export default async function diagnoseAtStart({ container, logger }: LoaderOptions): Promise<void> {
  if (process.env.BNPL_DIAGNOSIS_AT_START === "false") return
  const config = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE, { allowUnregistered: true })
  const worker = config?.projectConfig?.workerMode === "worker"
  diagnoseOnceStarted({
    container: appContainer,
    logger: logger ?? container.resolve(ContainerRegistrationKeys.LOGGER),
    healthUrl: worker ? undefined : `http://localhost:${process.env.PORT || 9000}/health`,
  })
}
