import { createHash } from "node:crypto"
import { existsSync, statSync } from "node:fs"
import { isAbsolute, join, resolve } from "node:path"

export interface ClientBundle {
  code: string
  etag: string
  /** Our own source files and their modification times, to notice an edit. */
  sources: Map<string, number>
}

let cached: Promise<ClientBundle> | undefined

/**
 * The client script, bundled with esbuild on first request and kept in memory. It is built
 * again when one of its own source files changes (`medusa develop` keeps the process).
 * From source the entry is `client/main.ts`; after `medusa plugin:build`, `client/main.js`.
 */
export async function clientBundle(): Promise<ClientBundle> {
  const current = cached && (await cached.catch(() => undefined))
  if (!current || changed(current)) {
    cached = build()
    // A failed build is not kept: the next request tries again.
    cached.catch(() => (cached = undefined))
  }
  return cached!
}

async function build(): Promise<ClientBundle> {
  const entry = ["main.ts", "main.js"].map((name) => join(__dirname, "client", name)).find((path) => existsSync(path))
  if (!entry) throw new Error(`no client entry in ${join(__dirname, "client")}`)
  const esbuild = await import("esbuild")
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    metafile: true,
    format: "iife",
    platform: "browser",
    target: ["es2020"],
    minify: true,
    legalComments: "none",
    logLevel: "silent",
  })
  const code = result.outputFiles[0].text
  const cwd = process.cwd()
  const sources = new Map<string, number>()
  for (const input of Object.keys(result.metafile.inputs)) {
    if (input.includes("node_modules")) continue
    const path = isAbsolute(input) ? input : resolve(cwd, input)
    sources.set(path, mtime(path))
  }
  return { code, etag: `"${createHash("sha1").update(code).digest("base64url")}"`, sources }
}

function changed(bundle: ClientBundle): boolean {
  for (const [path, time] of bundle.sources) if (mtime(path) !== time) return true
  return false
}

function mtime(path: string): number {
  try {
    return statSync(path).mtimeMs
  } catch {
    return -1
  }
}
