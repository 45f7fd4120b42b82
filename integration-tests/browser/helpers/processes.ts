import { readFileSync, readdirSync } from "fs"

/**
 * Every process below `root` (Linux /proc). scripts/start.ts puts its children in their own
 * process groups and PostgreSQL runs as another user, so a process group or a signal to one
 * pid is not enough to know that everything stopped.
 */
export function descendants(root: number): number[] {
  const children = new Map<number, number[]>()
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue
    const ppid = parentOf(Number(entry))
    if (ppid === undefined) continue
    children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)])
  }
  const found: number[] = []
  const queue = [root]
  while (queue.length) {
    for (const child of children.get(queue.shift()!) ?? []) {
      found.push(child)
      queue.push(child)
    }
  }
  return found
}

function parentOf(pid: number): number | undefined {
  try {
    // The command name (field 2) may contain spaces and parentheses: read after the last ")".
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1])
  } catch {
    return undefined
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    // A zombie has exited and only waits for its parent to reap it.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
    return stat[stat.lastIndexOf(")") + 2] !== "Z"
  } catch {
    return false
  }
}

export function processLabel(pid: number): string {
  try {
    return `${pid} ${readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim().slice(0, 160)}`
  } catch {
    return String(pid)
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
