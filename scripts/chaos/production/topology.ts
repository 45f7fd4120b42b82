import { join } from "node:path"
import { LogFile } from "../../harness/log-file"
import type { MedusaProcess } from "../../harness/medusa"
import { RoundRobinProxy } from "../../harness/proxy"
import { RedisServer } from "../../harness/redis"
import type { ChaosContext } from "../context"

/** Medusa's debug line when its workflow engine starts a scheduled job: the reconciliation run begins. */
export const RUN_STARTS = "executing scheduled job job-bnpl-reconcile-loans"
/** The job's own line at the end of a run that had work (src/jobs/reconcile-loans.ts). */
export const RUN_SUMMARY = "[bnpl] reconciliation:"

/** Medusa's production stack: two servers behind a proxy, one worker, Redis for everything shared. */
export interface Topology {
  redis: RedisServer
  proxy: RoundRobinProxy
  servers: MedusaProcess[]
  worker: MedusaProcess
  bootMs: Record<string, number>
}

/**
 * Every process as `medusa-config.ts` builds it from REDIS_URL and MEDUSA_WORKER_MODE, in
 * NODE_ENV=production with Medusa's caching flag on. Reconciliation is scheduled every ten
 * seconds so that a run is never far, and leaves a session to its webhook for five seconds
 * (as BNPL_RECONCILE_GRACE_SECONDS does in production, for longer). Every process logs at
 * debug level, where Medusa names each scheduled job it starts: that line, counted per
 * process, shows where the reconciliation ran.
 */
export async function startTopology(ctx: ChaosContext, reconcileSchedule: string): Promise<Topology> {
  const { stack } = ctx
  const redis = await RedisServer.start(new LogFile(join(stack.options.artifacts, "redis-production.log")), { persistent: true })
  const proxy = await RoundRobinProxy.start()
  const env = {
    NODE_ENV: "production",
    REDIS_URL: redis.url,
    MEDUSA_FF_CACHING: "true",
    BNPL_BACKEND_URL: proxy.url,
    BNPL_RECONCILE_SCHEDULE: reconcileSchedule,
    BNPL_RECONCILE_GRACE_SECONDS: "5",
    LOG_LEVEL: "debug",
  }
  const [one, two, worker] = await Promise.all([
    stack.medusa("prod-server-1", { ...env, MEDUSA_WORKER_MODE: "server" }),
    stack.medusa("prod-server-2", { ...env, MEDUSA_WORKER_MODE: "server" }),
    stack.medusa("prod-worker", { ...env, MEDUSA_WORKER_MODE: "worker" }),
  ])
  proxy.upstreams = [one.process.url, two.process.url]
  return {
    redis,
    proxy,
    servers: [one.process, two.process],
    worker: worker.process,
    bootMs: { "server 1": one.bootMs, "server 2": two.bootMs, worker: worker.bootMs },
  }
}

/** How many lines of each process's log contain `text`: where the reconciliation ran, and reported. */
export function linesPerProcess(topology: Topology, text: string): Record<string, number> {
  const count = (process: MedusaProcess): number => process.log.lines().filter((line) => line.includes(text)).length
  return {
    "server 1": count(topology.servers[0]),
    "server 2": count(topology.servers[1]),
    worker: count(topology.worker),
  }
}
