import { join } from "node:path"
import { LogFile } from "./log-file"
import type { MedusaProcess } from "./medusa"
import { RedisServer } from "./redis"
import type { Stack } from "./stack"

/** Medusa's production stack: servers and one worker, Redis for everything they share. */
export interface ProductionTopology {
  redis: RedisServer
  servers: MedusaProcess[]
  worker: MedusaProcess
  /** Boot time of each process: "server 1", "server 2", …, "worker". */
  bootMs: Record<string, number>
}

export interface ProductionTopologyOptions {
  /** Names the processes and their log files: `${name}-server-1`, …, `${name}-worker`. */
  name: string
  servers: number
  /** Every process's own variables (a proxy's BNPL_BACKEND_URL, a schedule, the log level); they win over the topology's. */
  env?: Record<string, string>
  /** Boots on this Redis instead of starting one: a second boot of the processes, as a deploy does. */
  redis?: RedisServer
}

/**
 * Every process as `medusa-config.ts` builds it from REDIS_URL and MEDUSA_WORKER_MODE (Redis
 * event bus, workflow engine, locking and caching), in NODE_ENV=production with Medusa's caching
 * flag on. Redis keeps an append-only file, as BullMQ wants it. Each process, and Redis, is
 * stopped at teardown; without BNPL_BACKEND_URL in `env`, each process names its own URL.
 */
export async function startProductionTopology(stack: Stack, options: ProductionTopologyOptions): Promise<ProductionTopology> {
  const redis =
    options.redis ?? (await RedisServer.start(new LogFile(join(stack.options.artifacts, `redis-${options.name}.log`)), { persistent: true }))
  const env = { NODE_ENV: "production", REDIS_URL: redis.url, MEDUSA_FF_CACHING: "true", ...options.env }
  const servers = Array.from({ length: options.servers }, (_, i) =>
    stack.medusa(`${options.name}-server-${i + 1}`, { ...env, MEDUSA_WORKER_MODE: "server" }),
  )
  const [worker, ...booted] = await Promise.all([stack.medusa(`${options.name}-worker`, { ...env, MEDUSA_WORKER_MODE: "worker" }), ...servers])
  const bootMs: Record<string, number> = Object.fromEntries(booted.map((server, i) => [`server ${i + 1}`, server.bootMs]))
  return {
    redis,
    servers: booted.map((server) => server.process),
    worker: worker.process,
    bootMs: { ...bootMs, worker: worker.bootMs },
  }
}

/** Stops the Medusa processes (Redis stays, for another boot, until teardown). */
export async function stopMedusaProcesses(topology: ProductionTopology): Promise<void> {
  await Promise.all([...topology.servers, topology.worker].map((process) => process.stop()))
}
