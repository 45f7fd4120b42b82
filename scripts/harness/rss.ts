import { readFileSync } from "node:fs"

/** Resident memory of a process in MiB, from /proc (Linux): what the machine actually pays. */
export function rssMiB(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))
    return match ? Number(match[1]) / 1024 : undefined
  } catch {
    return undefined // the process is gone
  }
}

/**
 * Samples a gauge (RSS, in-flight requests…) on a timer while something runs. The peak is
 * only as good as the interval: 50 ms is short next to a multi-second run.
 */
export class Sampler {
  readonly samples: number[] = []
  private timer: NodeJS.Timeout | undefined

  constructor(
    private readonly read: () => number | undefined,
    private readonly everyMs = 50,
  ) {}

  start(): this {
    this.take()
    this.timer = setInterval(() => this.take(), this.everyMs)
    return this
  }

  stop(): number[] {
    clearInterval(this.timer)
    this.take()
    return this.samples
  }

  get peak(): number {
    return this.samples.length ? this.samples.reduce((peak, value) => Math.max(peak, value)) : Number.NaN
  }

  private take(): void {
    const value = this.read()
    if (value !== undefined) this.samples.push(value)
  }
}
