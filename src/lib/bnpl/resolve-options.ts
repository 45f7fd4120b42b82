import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { BnplClient } from "./client"
import { sharedClient } from "./shared-client"
import { BnplOptions, parseOptions } from "./options"

interface ProviderEntry {
  id?: string
  resolve?: unknown
  options?: Record<string, unknown>
}

const cache = new WeakMap<object, { options: BnplOptions; client: BnplClient }>()

/**
 * The webhook route, the reconciliation job and the admin route need the
 * provider's options. They are read from the payment module's entry in
 * medusa-config.ts (provider id `bnpl`), so the store configures the plugin in
 * exactly one place and everyone validates it with the same schema.
 */
export function bnplFromContainer(container: MedusaContainer): { options: BnplOptions; client: BnplClient } {
  const config = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
  const hit = cache.get(config)
  if (hit) return hit
  const modules = Object.values((config.modules ?? {}) as Record<string, unknown>)
  const providers = modules.flatMap((entry) => {
    const options = (entry as { options?: { providers?: ProviderEntry[] } } | undefined)?.options
    return Array.isArray(options?.providers) ? options.providers : []
  })
  const entry = providers.find((p) => p.id === "bnpl")
  if (!entry) {
    throw new Error('medusa-payment-bnpl: no payment provider with id "bnpl" in medusa-config.ts (modules → payment → options.providers)')
  }
  const options = parseOptions(entry.options ?? {})
  const resolved = { options, client: sharedClient(options) }
  cache.set(config, resolved)
  return resolved
}
