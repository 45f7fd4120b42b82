import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { z } from "zod"
import { locksInMemory } from "../../modules/bnpl/loaders/locking-config"
import { type Check, fail, ok } from "../types"

const Entry = z.object({
  resolve: z.string().optional(),
  disable: z.boolean().optional(),
  options: z
    .object({ providers: z.array(z.object({ resolve: z.string().optional(), id: z.string(), is_default: z.boolean().optional() })).optional() })
    .optional(),
})
type Entry = z.infer<typeof Entry>

const entryOf = (modules: Record<string, unknown>, key: string): Entry | undefined => {
  const parsed = Entry.safeParse(modules[key])
  return parsed.success && !parsed.data.disable ? parsed.data : undefined
}

/** Medusa's per-process defaults: a module left out, or one of these, reaches no other process. */
const inProcess = (entry: Entry | undefined, local: RegExp) => !entry?.resolve || local.test(entry.resolve)

/** The caching module (a feature flag in 2.21) with a shared default provider, or the older cache module on Redis. */
function cacheShared(modules: Record<string, unknown>): boolean {
  const caching = entryOf(modules, "caching")
  const providers = caching?.options?.providers ?? []
  const chosen = providers.find((p) => p.is_default) ?? (providers.length === 1 ? providers[0] : undefined)
  if (chosen && !/inmemory|in-memory/.test(chosen.resolve ?? chosen.id)) return true
  return !inProcess(entryOf(modules, "cache"), /inmemory|in-memory/)
}

/**
 * In production several processes (servers and a worker) must share the lock, the event bus,
 * the workflow engine and the cache, or two of them could confirm one loan twice, and events
 * and jobs of one never reach another.
 */
export const topologyCheck: Check = {
  id: "topology",
  async run(ctx) {
    if (ctx.nodeEnv !== "production") {
      return ok(`NODE_ENV is ${ctx.nodeEnv ?? "unset"}, not production: Medusa's in-process modules serve a single process.`)
    }
    const config = ctx.container.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
    const modules = (config.modules ?? {}) as Record<string, unknown>
    const local: string[] = []
    if (locksInMemory(modules.locking)) local.push("locking (in-memory)")
    if (inProcess(entryOf(modules, "event_bus"), /event-bus-local/)) local.push("event bus (local)")
    if (inProcess(entryOf(modules, "workflows"), /workflow-engine-inmemory/)) local.push("workflow engine (in-memory)")
    if (!cacheShared(modules)) local.push("cache (in-memory)")
    if (local.length) {
      return fail(
        `In production, these Medusa modules work inside one process only: ${local.join(", ")}.`,
        'Register the Redis modules (locking-redis, event-bus-redis, workflow-engine-redis, caching-redis) in medusa-config.ts; the demo config does so when REDIS_URL is set (README, "Production deployment").',
      )
    }
    return ok("Locking, the event bus, the workflow engine and the cache are shared between processes.")
  },
}
