import { createHash } from "node:crypto"
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { join, relative } from "node:path"
import { transformSync } from "@swc/core"

/**
 * The README's "Measured" section is written by the runs that measure, never by hand:
 * `npm run bench` and `npm run test:chaos` replace their blocks in it, each block ending in
 * a line that names the command, the machine's load and the code digest of the `src` that
 * ran. `npm run lint` fails when a block's digest is not the digest of today's `src`: a
 * figure there always comes from a run of the current code.
 *
 * The digest is of the code as it runs: each source file transpiled (types, comments and
 * layout gone), so formatting, comments and type-only edits keep the figures, and any
 * change to what executes asks for a new run. Tests are left out.
 */
const BEGIN = (name: string) => `<!-- measured:${name} -->`
const END = (name: string) => `<!-- /measured:${name} -->`
const BLOCK = /<!-- measured:([\w:-]+) -->[\s\S]*?<!-- \/measured:\1 -->/g
const DIGEST = /code digest `([0-9a-f]{12})`/

export function codeDigest(projectRoot: string): string {
  const hash = createHash("sha256")
  for (const file of sourceFiles(join(projectRoot, "src"))) {
    hash.update(relative(projectRoot, file)).update("\0").update(runtimeForm(file)).update("\0")
  }
  return hash.digest("hex").slice(0, 12)
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name)
      if (statSync(path).isDirectory()) return name === "__tests__" ? [] : sourceFiles(path)
      // Declarations and tests never run.
      return /\.(spec|test)\.[jt]sx?$|\.d\.ts$/.test(name) ? [] : [path]
    })
}

function runtimeForm(file: string): string {
  const text = readFileSync(file, "utf8")
  if (!/\.tsx?$/.test(file)) return text
  // Minified without renaming: layout, comments, quote style and trailing commas are gone,
  // and every name and statement that runs is still there.
  return transformSync(text, {
    filename: file,
    jsc: { parser: { syntax: "typescript", tsx: file.endsWith(".tsx") }, target: "es2022", minify: { compress: false, mangle: false } },
    minify: true,
    module: { type: "commonjs" },
    isModule: true,
    swcrc: false,
    configFile: false,
    sourceMaps: false,
  }).code
}

export interface RunNote {
  command: string
  seconds: number
  load: number[]
  cores: number
}

/** Replaces (or appends to the Measured section) the block `name` of the README. */
export function writeMeasured(readmePath: string, name: string, body: string, run: RunNote, digest: string): void {
  const readme = readFileSync(readmePath, "utf8")
  const note =
    `<sub>\`${run.command}\` · ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC · ${run.cores} cores, load ` +
    `${run.load.map((l) => l.toFixed(1)).join(" → ")} · ${run.seconds.toFixed(0)} s · code digest \`${digest}\`</sub>`
  const block = `${BEGIN(name)}\n${body.trim()}\n\n${note}\n${END(name)}`
  const existing = new RegExp(`${escape(BEGIN(name))}[\\s\\S]*?${escape(END(name))}`)
  const next = existing.test(readme) ? readme.replace(existing, () => block) : appendToMeasured(readme, block)
  writeFileSync(readmePath, next)
}

function appendToMeasured(readme: string, block: string): string {
  const start = readme.indexOf("\n## Measured")
  if (start < 0) throw new Error('README.md has no "## Measured" section to write the figures into')
  const next = readme.indexOf("\n## ", start + 1)
  const at = next < 0 ? readme.length : next
  return `${readme.slice(0, at).trimEnd()}\n\n${block}\n${readme.slice(at)}`
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/**
 * Every measured block of the README whose figures are not of the current code. A block the
 * runs have not written yet (no run note, so no figure) shows nothing stale.
 */
export function staleBlocks(readme: string, digest: string): string[] {
  return [...readme.matchAll(BLOCK)].filter((m) => written(m[0]) && DIGEST.exec(m[0])?.[1] !== digest).map((m) => m[1])
}

/** Blocks the runs have not written (still "Not measured on this code yet"). */
export const unmeasuredBlocks = (readme: string): string[] => [...readme.matchAll(BLOCK)].filter((m) => !written(m[0])).map((m) => m[1])

const written = (block: string): boolean => block.includes("<sub>")

export const measuredBlockNames = (readme: string): string[] => [...readme.matchAll(BLOCK)].map((m) => m[1])
