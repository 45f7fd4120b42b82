import { execFileSync } from "node:child_process"
import { existsSync, mkdirSync, writeFileSync } from "node:fs"
import { cpus } from "node:os"
import { join } from "node:path"

/**
 * The dated results file of a full-size `npm run bench` or `npm run test:chaos`: one Markdown
 * file a reader opens and one JSON file with the same in full, under bench/results/. The file
 * is the record of the run; docs/benchmarks.md quotes the latest one and names it.
 */
export interface RunRecord {
  kind: "bench" | "chaos"
  /** The command as a reader would type it again. */
  command: string
  startedAt: Date
  seconds: number
  /** One-minute load averages, at the start and at the end. */
  load: number[]
  cores: number
  /** The commit that ran, and whether the working tree differed from it (then the figures are of no commit). */
  commit: string
  dirty: boolean
  /** True when every figure or scenario passed. */
  passed: boolean
}

export const RESULTS_DIR = (projectRoot: string): string => join(projectRoot, "bench", "results")

/** The commit of `projectRoot` and whether tracked files differ from it; "unknown" outside a git checkout. */
export function gitState(projectRoot: string): { commit: string; dirty: boolean } {
  try {
    const git = (...args: string[]): string =>
      execFileSync("git", args, { cwd: projectRoot, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim()
    return { commit: git("rev-parse", "--short=7", "HEAD"), dirty: git("status", "--porcelain", "--untracked-files=no") !== "" }
  } catch {
    return { commit: "unknown", dirty: false }
  }
}

export function runRecord(fields: Omit<RunRecord, "commit" | "dirty" | "cores">, projectRoot: string): RunRecord {
  return { ...fields, cores: cpus().length, ...gitState(projectRoot) }
}

/** `2026-11-26T0412Z`: sorts by time, and is a valid file name everywhere. */
export const resultsStamp = (at: Date): string => at.toISOString().slice(0, 16).replace(":", "") + "Z"

/** The lines every results file opens with. */
export function recordHeader(run: RunRecord, title: string): string {
  const code = run.commit === "unknown" ? "an unknown commit" : `commit \`${run.commit}\``
  return [
    `# ${title}: ${run.passed ? "passed" : "FAILED"}`,
    "",
    `- date: ${run.startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC`,
    `- code: ${code}${run.dirty ? ", with uncommitted changes" : ""}`,
    `- command: \`${run.command}\``,
    `- machine: ${run.cores} cores, load ${run.load.map((l) => l.toFixed(1)).join(" → ")}`,
    `- duration: ${run.seconds.toFixed(0)} s`,
  ].join("\n")
}

/**
 * Writes `<stamp>-<name>.md` and `.json` into `dir` (a second run in the same minute gets
 * `-2`, `-3`…, never overwriting one) and returns the Markdown file's path.
 */
export function writeResults(dir: string, run: RunRecord, name: string, markdown: string, details: unknown): string {
  mkdirSync(dir, { recursive: true })
  const base = join(dir, `${resultsStamp(run.startedAt)}-${name}`)
  let path = base
  for (let n = 2; existsSync(`${path}.md`) || existsSync(`${path}.json`); n++) path = `${base}-${n}`
  writeFileSync(`${path}.md`, `${markdown.trim()}\n`)
  writeFileSync(`${path}.json`, `${JSON.stringify({ ...run, startedAt: run.startedAt.toISOString(), details }, null, 2)}\n`)
  return `${path}.md`
}
