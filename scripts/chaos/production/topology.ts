import type { MedusaProcess } from "../../harness/medusa"
import { type ProductionTopology, startProductionTopology } from "../../harness/production-topology"
import { RoundRobinProxy } from "../../harness/proxy"
import type { ChaosContext } from "../context"

/** Medusa's debug line when its workflow engine starts a scheduled job: the reconciliation run begins. */
export const RUN_STARTS = "executing scheduled job job-bnpl-reconcile-loans"
/**
 * The job's own line at the end of a run that had work (src/jobs/reconcile-loans.ts): its summary
 * as JSON. Not the other lines that start "[bnpl] reconciliation:": a server's session creation
 * records the rows of sessions a failed creation left (reconciliation/backfill.ts) and logs a row
 * it leaves for the next run with that prefix, though no run is on the server.
 */
export const RUN_SUMMARY = "[bnpl] reconciliation: {"

/** Medusa's production stack (harness/production-topology.ts) with two servers behind a proxy. */
export interface Topology extends ProductionTopology {
  proxy: RoundRobinProxy
}

/**
 * Two servers behind the round-robin proxy, whose URL every process gives the service, and one
 * worker. Reconciliation is scheduled every ten seconds so that a run is never far, and leaves a
 * session to its webhook for five seconds (as BNPL_RECONCILE_GRACE_SECONDS does in production,
 * for longer). Every process logs at debug level, where Medusa names each scheduled job it
 * starts: that line, counted per process, shows where the reconciliation ran.
 */
export async function startTopology(ctx: ChaosContext, reconcileSchedule: string): Promise<Topology> {
  const proxy = await RoundRobinProxy.start()
  const env = {
    BNPL_BACKEND_URL: proxy.url,
    BNPL_RECONCILE_SCHEDULE: reconcileSchedule,
    BNPL_RECONCILE_GRACE_SECONDS: "5",
    LOG_LEVEL: "debug",
  }
  const topology = await startProductionTopology(ctx.stack, { name: "prod", servers: 2, env })
  proxy.upstreams = topology.servers.map((server) => server.url)
  return { ...topology, proxy }
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
