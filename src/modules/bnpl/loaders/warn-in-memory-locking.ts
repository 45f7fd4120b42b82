import type { LoaderOptions } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { inMemoryLockingWarning } from "./locking-config"

/**
 * A loader of the ledger module, so that it runs once at every boot with the
 * resolved configuration at hand: confirming a loan relies on Medusa's lock,
 * and an in-memory lock does not reach a second instance.
 */
export default async function warnInMemoryLocking({ container, logger }: LoaderOptions): Promise<void> {
  const config = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE, { allowUnregistered: true })
  const warning = inMemoryLockingWarning(process.env.NODE_ENV, config?.modules)
  if (warning) (logger ?? container.resolve(ContainerRegistrationKeys.LOGGER)).warn(warning)
}
