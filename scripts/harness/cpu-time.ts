import { readdirSync, readFileSync } from "node:fs"

const TICK_MS = 10 // Linux reports CPU time in clock ticks of 1/100 s

/**
 * CPU time a process has used so far (user and system), in ms, from /proc (Linux): what a
 * saturated process spent, which its throughput hides among the machine's other work.
 */
export function cpuMs(pid: number): number | undefined {
  try {
    // Fields after the command name, which is in parentheses and may hold spaces: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ")
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS
  } catch {
    return undefined // the process is gone
  }
}

/**
 * CPU time of a server and every process it started, those gone included (in ms, Linux): its own,
 * its reaped children's (cutime and cstime, the fields after utime and stime), and its live children's.
 * For a server that forks a process per connection (PostgreSQL), whose connections come and go.
 */
export function treeCpuMs(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ")
    const reaped = (Number(fields[13]) + Number(fields[14])) * TICK_MS
    const children = readdirSync("/proc")
      .filter((entry) => /^\d+$/.test(entry))
      .reduce((sum, entry) => sum + (parentOf(Number(entry)) === pid ? (cpuMs(Number(entry)) ?? 0) : 0), 0)
    return (cpuMs(pid) ?? 0) + reaped + children
  } catch {
    return undefined
  }
}

function parentOf(pid: number): number | undefined {
  try {
    return Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ")[1])
  } catch {
    return undefined
  }
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
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8")
        const command = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"))
        const fields = stat.slice(stat.lastIndexOf(") ") + 2).split(" ")
        add(`${entry}\t${names.get(Number(entry)) ?? command}`, (Number(fields[11]) + Number(fields[12])) * TICK_MS)
      } catch {
        // gone meanwhile
      }
    }
    const [, , , , , irq, softirq, steal] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number)
    add("-\tinterrupts", (irq + softirq) * TICK_MS)
    add("-\tsteal", steal * TICK_MS)
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
  const [user, nice, system, , , irq, softirq, steal] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number)
  return (user + nice + system + irq + softirq + steal) * TICK_MS
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
