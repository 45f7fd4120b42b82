import { closeSync, mkdirSync, openSync, readFileSync, writeSync } from "node:fs"
import { dirname } from "node:path"

/**
 * Every line a process logs goes to a file under artifacts/, so that a run can be read
 * afterwards and scanned for secrets. Synchronous writes: a process killed mid-run must not
 * lose the lines it printed just before.
 */
export class LogFile {
  private fd: number | undefined
  private readonly watchers = new Set<(line: string) => void>()

  constructor(readonly path: string) {
    mkdirSync(dirname(path), { recursive: true })
    this.fd = openSync(path, "a")
  }

  write(line: string): void {
    if (this.fd !== undefined) writeSync(this.fd, line.endsWith("\n") ? line : `${line}\n`)
    for (const watcher of this.watchers) watcher(line)
  }

  /** The next line written that contains `text` (lines already written do not count). */
  next(text: string, timeoutMs: number): Promise<string | undefined> {
    return new Promise((resolve) => {
      const done = (line: string | undefined): void => {
        clearTimeout(timer)
        this.watchers.delete(watcher)
        resolve(line)
      }
      const watcher = (line: string): void => void (line.includes(text) && done(line))
      const timer = setTimeout(() => done(undefined), timeoutMs)
      this.watchers.add(watcher)
    })
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd)
    this.fd = undefined
  }

  lines(): string[] {
    return readFileSync(this.path, "utf8").split("\n")
  }
}
