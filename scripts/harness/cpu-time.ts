import { readdirSync, readFileSync } from "node:fs"

const TICK_MS = 10 // Linux reports CPU time in clock ticks of 1/100 s

/**
 * A process's line in /proc (Linux): its command name, and the fields after it, from the state on
 * (ppid at 1, utime and stime at 11 and 12, its reaped children's cutime and cstime at 13 and 14).
 * Undefined once the process is gone.
 */
function statOf(pid: number | string): { command: string; fields: string[] } | undefined {
  try {
    const line = readFileSync(`/proc/${pid}/stat`, "utf8")
    // The command name is in parentheses and may hold spaces and parentheses itself: the last ") " ends it.
    const end = line.lastIndexOf(") ")
    return { command: line.slice(line.indexOf("(") + 1, end), fields: line.slice(end + 2).split(" ") }
  } catch {
    return undefined
  }
}

/** The ids of the processes running now. */
const pids = (): string[] => readdirSync("/proc").filter((entry) => /^\d+$/.test(entry))

const ownMs = (fields: string[]): number => (Number(fields[11]) + Number(fields[12])) * TICK_MS

/** The whole machine's CPU counters so far (/proc/stat's first line), in ms summed over its cores. */
function machineCounters(): { user: number; nice: number; system: number; irq: number; softirq: number; steal: number } {
  const [user, nice, system, , , irq, softirq, steal] = readFileSync("/proc/stat", "utf8")
    .split("\n")[0]
    .trim()
    .split(/\s+/)
    .slice(1)
    .map((ticks) => Number(ticks) * TICK_MS)
  return { user, nice, system, irq, softirq, steal }
}

/**
 * CPU time a process has used so far (user and system), in ms, from /proc (Linux): what a
 * saturated process spent, which its throughput hides among the machine's other work.
 */
export function cpuMs(pid: number): number | undefined {
  const stat = statOf(pid)
  return stat && ownMs(stat.fields)
}

/**
 * CPU time of a server and every process it started, those gone included (in ms, Linux): its own,
 * its reaped children's (cutime and cstime, the fields after utime and stime), and its live children's.
 * For a server that forks a process per connection (PostgreSQL), whose connections come and go.
 */
export function treeCpuMs(pid: number): number | undefined {
  const own = statOf(pid)
  if (!own) return undefined
  const reaped = (Number(own.fields[13]) + Number(own.fields[14])) * TICK_MS
  const children = pids()
    .map((entry) => statOf(entry))
    .reduce((sum, child) => sum + (child && Number(child.fields[1]) === pid ? ownMs(child.fields) : 0), 0)
  return ownMs(own.fields) + reaped + children
}

/**
 * Starts counting the whole machine's CPU by who used it: each of `named` processes under its
 * name, every other process under its command name (postgres, redis-server, node), and the
 * kernel's interrupt work and the time the hypervisor took (steal) on their own lines. The answered
 * function gives the ms of each since then; a process that ended in between is missing from it.
 */
export function cpuByProcessFrom(named: Record<string, number | undefined>): () => Record<string, number> {
  const names = new Map(Object.entries(named).flatMap(([name, pid]) => (pid === undefined ? [] : [[pid, name] as const])))
  const read = (): Map<string, number> => {
    const used = new Map<string, number>()
    const add = (key: string, ms: number) => used.set(key, (used.get(key) ?? 0) + ms)
    for (const entry of pids()) {
      const stat = statOf(entry) // undefined when it ended meanwhile
      if (stat) add(`${entry}\t${names.get(Number(entry)) ?? stat.command}`, ownMs(stat.fields))
    }
    const { irq, softirq, steal } = machineCounters()
    add("-\tinterrupts", irq + softirq)
    add("-\tsteal", steal)
    return used
  }
  const start = read()
  return () => {
    const byName: Record<string, number> = {}
    for (const [key, ms] of read()) {
      const name = key.split("\t")[1]
      byName[name] = (byName[name] ?? 0) + ms - (start.get(key) ?? 0)
    }
    return byName
  }
}

/** `cpuMs` for a process that may be unknown or gone: NaN then, so that a sum over it shows it is missing. */
export const cpuMsOrNaN = (pid: number | undefined): number => (pid === undefined ? Number.NaN : (cpuMs(pid) ?? Number.NaN))

/** CPU time the whole machine has been busy so far, summed over its cores, in ms (/proc/stat). */
export function machineBusyMs(): number {
  const { user, nice, system, irq, softirq, steal } = machineCounters()
  return user + nice + system + irq + softirq + steal
}

/** Where a run's CPU went: the Medusa process, this process (the bench and its in-process sandbox), and the rest of the machine (PostgreSQL, mostly). */
export interface CpuSplit {
  medusaMs: number
  benchMs: number
  restMs: number
}

/** Starts counting; the answered function gives the split since then. */
export function cpuSplitFrom(medusaPid: number | undefined): () => CpuSplit {
  const medusa = () => cpuMsOrNaN(medusaPid)
  const bench = () => {
    const { user, system } = process.cpuUsage()
    return (user + system) / 1000
  }
  const start = { medusa: medusa(), bench: bench(), machine: machineBusyMs() }
  return () => {
    const medusaMs = medusa() - start.medusa
    const benchMs = bench() - start.bench
    return { medusaMs, benchMs, restMs: machineBusyMs() - start.machine - medusaMs - benchMs }
  }
}
