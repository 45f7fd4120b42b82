import { sleep, waitUntil } from "../../harness/pool"
import { RUN_STARTS, RUN_SUMMARY, type Topology } from "./topology"

/** What each fault did, for the figures. */
export interface FaultLog {
  injected: string[]
  /** Milliseconds between the reconciliation run's start and the worker's SIGKILL. */
  workerKilledIntoRunMs?: number
  /** Whether the killed run printed its summary before dying (it must not have, or the kill missed it). */
  killedRunFinished?: boolean
  problems: string[]
}

/** How far into a reconciliation run the worker dies: long enough for the run to be at work. */
const INTO_RUN_MS = 100

/**
 * The production faults, each while customers are checking out: SIGKILL of server 1 once a
 * quarter of the customers have paid (started again two seconds later), a crash and restart of
 * Redis at half, and SIGKILL of the worker inside the first reconciliation run after a sixth.
 */
export async function injectFaults(topology: Topology, paid: () => number, total: number): Promise<FaultLog> {
  const log: FaultLog = { injected: [], problems: [] }
  const after = (share: number): Promise<boolean> => waitUntil(async () => paid() >= Math.ceil(total * share), 600_000, 50)
  const attempt = async (name: string, fault: () => Promise<void>): Promise<void> => {
    try {
      await fault()
    } catch (error) {
      log.problems.push(`${name}: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  await Promise.all([
    attempt("server kill", async () => {
      await after(0.25)
      await topology.servers[0].kill()
      log.injected.push(`server 1 SIGKILL after ${paid()} payments`)
      await sleep(2_000)
      await topology.servers[0].start()
    }),
    attempt("Redis restart", async () => {
      await after(0.5)
      await topology.redis.restart()
      log.injected.push(`Redis SIGKILL and restart after ${paid()} payments`)
    }),
    attempt("worker kill", () => killWorkerMidRun(topology, log, () => after(1 / 6))),
  ])
  return log
}

async function killWorkerMidRun(topology: Topology, log: FaultLog, ready: () => Promise<boolean>): Promise<void> {
  await ready()
  const { worker } = topology
  const started = await worker.log.next(RUN_STARTS, 120_000)
  if (!started) throw new Error(`no reconciliation run began on the worker within 120 s (no "${RUN_STARTS}" line)`)
  const began = Date.now()
  let finished = false
  void worker.log.next(RUN_SUMMARY, INTO_RUN_MS).then((line) => (finished = line !== undefined))
  await sleep(INTO_RUN_MS)
  await worker.kill()
  log.workerKilledIntoRunMs = Date.now() - began
  log.killedRunFinished = finished
  log.injected.push(`worker SIGKILL ${log.workerKilledIntoRunMs} ms into a reconciliation run`)
  await sleep(1_000)
  await worker.start()
}
