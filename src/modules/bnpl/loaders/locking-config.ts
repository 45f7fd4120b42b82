import { z } from "zod"

/** The identifier Medusa's locking module gives its built-in, per-process provider. */
const IN_MEMORY_PROVIDER = "in-memory"

/** The part of the resolved `locking` module entry that says which provider is the default. */
const LockingModuleConfig = z.object({
  disable: z.boolean().optional(),
  options: z.object({ providers: z.array(z.object({ id: z.string(), is_default: z.boolean().optional() })).optional() }).optional(),
})

export const IN_MEMORY_LOCKING_WARNING =
  "[bnpl] Locking is in-memory in production: a second Medusa instance could confirm a loan twice. " +
  'Run a single Medusa process, or register a shared locking provider (REDIS_URL; README, "Production deployment").'

/**
 * Whether Medusa's locking module will lock in this process only: the module is
 * off, lists no provider, or its default provider is the in-memory one. The
 * locking module picks the provider marked `is_default`, else the only one
 * listed, else in-memory (node_modules/@medusajs/locking/dist/loaders/providers.js).
 */
export function locksInMemory(lockingModule: unknown): boolean {
  const parsed = LockingModuleConfig.safeParse(lockingModule)
  if (!parsed.success || parsed.data.disable) return true
  const providers = parsed.data.options?.providers ?? []
  const chosen = providers.find((provider) => provider.is_default) ?? (providers.length === 1 ? providers[0] : undefined)
  return !chosen || chosen.id === IN_MEMORY_PROVIDER
}

/** The warning to log at boot, if any: only production cares, where several instances are the norm. */
export function inMemoryLockingWarning(nodeEnv: string | undefined, modules: Record<string, unknown> | undefined): string | undefined {
  if (nodeEnv !== "production") return undefined
  return locksInMemory(modules?.locking) ? IN_MEMORY_LOCKING_WARNING : undefined
}
