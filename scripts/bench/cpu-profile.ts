import { writeFileSync } from "node:fs"
import type { CpuProfile } from "../harness/inspector"

/**
 * Where a process spends its CPU, from a V8 profile: self time by function and by the package or
 * source folder it lives in. `BENCH_CPU_PROFILE=<file.md>` makes the webhook figure write one for
 * each side (webhooks, and Medusa's own completions), with the raw `.cpuprofile` beside it, which
 * Chrome's DevTools open. A lever for the speed goals, never a figure of its own.
 */
export function summarizeProfile(
  profile: CpuProfile,
  top = 30,
): { byPlace: Array<[string, number]>; byFunction: Array<[string, number]>; totalMs: number } {
  const self = new Map<number, number>()
  const samples = profile.samples ?? []
  const deltas = profile.timeDeltas ?? []
  for (let i = 0; i < samples.length; i++) self.set(samples[i], (self.get(samples[i]) ?? 0) + (deltas[i] ?? 0) / 1000)
  const byPlace = new Map<string, number>()
  const byFunction = new Map<string, number>()
  let totalMs = 0
  for (const node of profile.nodes) {
    const ms = self.get(node.id) ?? 0
    if (!ms) continue
    totalMs += ms
    const { functionName, url, lineNumber } = node.callFrame
    const place = placeOf(url, functionName)
    byPlace.set(place, (byPlace.get(place) ?? 0) + ms)
    const name = `${functionName || "(anonymous)"} ${shortUrl(url)}:${lineNumber + 1}`
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms)
  }
  const sorted = (map: Map<string, number>) => [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, top)
  return { byPlace: sorted(byPlace), byFunction: sorted(byFunction), totalMs }
}

/** The package (`@medusajs/utils`, `pg`), the project's folder (`src/lib`), or what V8 calls it. */
function placeOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith("(") ? functionName : "(native)"
  const modules = url.split("node_modules/").pop()!
  if (modules !== url) return modules.startsWith("@") ? modules.split("/").slice(0, 2).join("/") : modules.split("/")[0]
  const src = url.match(/\/(src\/[^/]+)/)
  if (src) return src[1]
  return url.startsWith("node:") ? "node" : shortUrl(url)
}

const shortUrl = (url: string): string =>
  url
    .replace(/^file:\/\//, "")
    .replace(/^.*node_modules\//, "")
    .replace(/^.*\/(src\/)/, "$1")

/** Writes `<file>.md`'s table for each labelled profile, and each raw profile beside it. */
export function writeProfiles(file: string, profiles: Array<[string, CpuProfile]>): void {
  const lines: string[] = [`# CPU profiles of the Medusa process`, ""]
  for (const [label, profile] of profiles) {
    const { byPlace, byFunction, totalMs } = summarizeProfile(profile)
    writeFileSync(file.replace(/\.md$/, "") + `.${label}.cpuprofile`, JSON.stringify(profile))
    lines.push(`## ${label}: ${(totalMs / 1000).toFixed(1)} s sampled`, "", "| where | self ms | share |", "|---|---:|---:|")
    for (const [place, ms] of byPlace) lines.push(`| ${place} | ${ms.toFixed(0)} | ${((100 * ms) / totalMs).toFixed(1)}% |`)
    lines.push("", "| function | self ms | share |", "|---|---:|---:|")
    for (const [name, ms] of byFunction) lines.push(`| \`${name}\` | ${ms.toFixed(0)} | ${((100 * ms) / totalMs).toFixed(1)}% |`)
    lines.push("")
  }
  writeFileSync(file, lines.join("\n"))
}

/** Several profiles of one process as one: their samples side by side, for the summary (not for DevTools' timeline). */
export function mergeProfiles(profiles: CpuProfile[]): CpuProfile {
  const merged: CpuProfile = { nodes: [], startTime: 0, endTime: 0, samples: [], timeDeltas: [] }
  let offset = 0
  for (const profile of profiles) {
    const shift = (id: number): number => id + offset
    merged.nodes.push(...profile.nodes.map((node) => ({ ...node, id: shift(node.id), children: node.children?.map(shift) })))
    merged.samples!.push(...(profile.samples ?? []).map(shift))
    merged.timeDeltas!.push(...(profile.timeDeltas ?? []))
    merged.endTime += profile.endTime - profile.startTime
    offset = merged.nodes.reduce((max, node) => Math.max(max, node.id), offset)
  }
  return merged
}
