import type { ChildProcess } from "node:child_process"
import { resolve } from "node:path"
import { pathToFileURL } from "node:url"

/**
 * Typed doors into the project's own ESM helpers (scripts/lib/*.mjs), so that the embedded
 * PostgreSQL set-up and the port finder exist once. They are plain JavaScript without
 * declarations: the shapes below are what they export, checked at load time.
 */

export interface EmbeddedPostgres {
  host: string
  port: number
  user: string
  password: string
  url: string
  stop(): Promise<void>
}

interface PostgresModule {
  startPostgres(options: { dataDir: string; port: number; database?: string; log?: (line: string) => void }): Promise<EmbeddedPostgres>
}

export interface RunOptions {
  env?: Record<string, string>
  quiet?: boolean
  onLine?: (line: string) => void
}

/** Children run in their own process group; stopAll() signals every group still alive. */
interface ProcModule {
  freePort(): Promise<number>
  run(command: string, args: string[], options?: RunOptions): ChildProcess
  stopAll(signal?: NodeJS.Signals): void
}

async function load<T extends object>(file: string, names: Array<keyof T>): Promise<T> {
  const loaded: unknown = await import(pathToFileURL(resolve(__dirname, "../lib", file)).href)
  for (const name of names) {
    if (typeof (loaded as Record<PropertyKey, unknown>)[name] !== "function") {
      throw new Error(`scripts/lib/${file} no longer exports ${String(name)}()`)
    }
  }
  return loaded as T
}

export const postgresHelpers = (): Promise<PostgresModule> => load<PostgresModule>("postgres.mjs", ["startPostgres"])

export const procHelpers = (): Promise<ProcModule> => load<ProcModule>("proc.mjs", ["freePort", "run", "stopAll"])

export async function freePort(): Promise<number> {
  return (await procHelpers()).freePort()
}
