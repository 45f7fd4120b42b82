import { closeSpawning, stopAll } from "./proc"

/**
 * Everything a run starts (Medusa processes, PostgreSQL, Redis, the sandbox) registers how to
 * stop it here. `runGuarded` tears all of it down in reverse order whether the run ends
 * normally, throws, or is interrupted with Ctrl-C, so no process outlives the script. An
 * interrupted run's main goes on while it is torn down (its figure fails, the next one begins):
 * nothing new starts from then on, and what registered meanwhile is stopped too.
 */
type Cleanup = { name: string; stop: () => Promise<void> }

const cleanups: Cleanup[] = []
let tearingDown: Promise<void> | undefined

export function onTeardown(name: string, stop: () => Promise<void>): void {
  cleanups.push({ name, stop })
}

export function teardown(): Promise<void> {
  tearingDown ??= (async () => {
    closeSpawning()
    for (let cleanup = cleanups.pop(); cleanup; cleanup = cleanups.pop()) {
      await withDeadline(cleanup.stop(), 15_000).catch((error: unknown) =>
        console.error(`[teardown] ${cleanup.name}: ${error instanceof Error ? error.message : String(error)}`),
      )
    }
    // Whatever a cleanup missed: every process group the project's helpers spawned.
    stopAll("SIGKILL")
  })()
  return tearingDown
}

function withDeadline(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<void>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still stopping after ${ms} ms; left to the final sweep`)), ms)
  })
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}

/** Runs `main`, then tears down; the exit code is main's (or 130 after Ctrl-C, 1 after a crash). */
export function runGuarded(main: () => Promise<number>): void {
  const interrupt = (signal: NodeJS.Signals): void => {
    console.error(`\n[teardown] ${signal}: stopping everything this run started…`)
    void teardown().finally(() => process.exit(130))
  }
  process.once("SIGINT", interrupt)
  process.once("SIGTERM", interrupt)
  main()
    .catch((error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : String(error))
      return 1
    })
    .then(async (code) => {
      await teardown()
      process.exit(code)
    })
}
