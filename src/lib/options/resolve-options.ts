import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { BnplClient } from "../service/client"
import { sharedClient } from "../service/shared-client"
import { BnplOptions, parseOptions } from "./options"
import { providerIdOf } from "../medusa/session-data"

interface ProviderEntry {
  id?: string
  resolve?: unknown
  options?: Record<string, unknown>
}

export interface ResolvedBnpl {
  options: BnplOptions
  client: BnplClient
  /** Medusa's id of the provider: `pp_bnpl_{id}`, with the id the store gave it. */
  providerId: string
}

const cache = new WeakMap<object, ResolvedBnpl>()

/** The store's entry of this plugin's provider: by its `resolve` (any id), else by the id `bnpl`. */
const isOurs = (entry: ProviderEntry): boolean =>
  (typeof entry.resolve === "string" && /(^|[/\\])providers[/\\]bnpl[/\\]?$/.test(entry.resolve)) || entry.id === "bnpl"

/**
 * The webhook route, the reconciliation job and the admin route need the
 * provider's options. They are read from the payment module's entry in
 * medusa-config.ts, whatever id the store gave it, so the store configures the
 * plugin in exactly one place and everyone validates it with the same schema.
 */
export function bnplFromContainer(container: MedusaContainer): ResolvedBnpl {
  const config = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
  const hit = cache.get(config)
  if (hit) return hit
  const modules = Object.values((config.modules ?? {}) as Record<string, unknown>)
  const providers = modules.flatMap((entry) => {
    const options = (entry as { options?: { providers?: ProviderEntry[] } } | undefined)?.options
    return Array.isArray(options?.providers) ? options.providers : []
  })
  const entry = providers.find(isOurs)
  if (!entry) {
    throw new Error(
      'medusa-payment-bnpl: no payment provider with resolve "medusa-payment-bnpl/providers/bnpl" in medusa-config.ts (modules → payment → options.providers)',
    )
  }
  const options = parseOptions(entry.options ?? {})
  const resolved = { options, client: sharedClient(options), providerId: providerIdOf(entry.id ?? "bnpl") }
  cache.set(config, resolved)
  return resolved
}
