import { existsSync, readFileSync, statSync } from "node:fs"
import { dirname, relative, resolve } from "node:path"

/**
 * The relative links of Markdown files, checked as GitHub renders them: the target file or
 * folder must exist, and a `#fragment` must be a heading (or an explicit `id`/`name`) of the
 * file it points into. Links with a scheme (https:, mailto:) are left alone: this guards the
 * links that move with the repository, and needs no network.
 */
export interface BrokenLink {
  file: string
  line: number
  target: string
  problem: string
}

/** GitHub's heading id: lower case, punctuation dropped, each space a hyphen (github-slugger). */
export function slug(heading: string): string {
  return plainText(heading)
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-")
}

/** A heading's text as rendered: code spans, links, emphasis and HTML tags reduced to their text. */
function plainText(heading: string): string {
  return heading
    .replace(/<[^>]+>/g, "")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/`([^`]*)`/g, "$1")
    .replace(/(\*\*|__|\*|~~)/g, "")
    .trim()
}

/** The lines of a Markdown file outside fenced code blocks, with their 1-based numbers. */
function proseLines(text: string): Array<{ line: number; text: string }> {
  const lines: Array<{ line: number; text: string }> = []
  let fence: string | null = null
  text.split("\n").forEach((raw, i) => {
    const opener = raw.match(/^\s*(`{3,}|~{3,})/)?.[1]
    if (opener && (fence === null || opener.startsWith(fence))) {
      fence = fence === null ? opener : null
      return
    }
    if (fence === null) lines.push({ line: i + 1, text: raw })
  })
  return lines
}

/** Every anchor a file offers: its headings' ids (repeats numbered -1, -2, … as GitHub does) and explicit ids. */
export function anchors(text: string): Set<string> {
  const found = new Set<string>()
  const seen = new Map<string, number>()
  for (const { text: line } of proseLines(text)) {
    const heading = line.match(/^#{1,6}\s+(.*?)\s*#*\s*$/)?.[1]
    if (heading !== undefined) {
      const base = slug(heading)
      const count = seen.get(base) ?? 0
      seen.set(base, count + 1)
      found.add(count ? `${base}-${count}` : base)
    }
    for (const explicit of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) found.add(explicit[1])
  }
  return found
}

/** Link targets of one line, code spans left out: inline links and images, and reference definitions. */
function targets(line: string): string[] {
  const prose = line.replace(/`[^`]*`/g, "")
  const inline = [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1])
  const reference = prose.match(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/)?.[1]
  return reference ? [...inline, reference] : inline
}

const external = (target: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//")

/** The broken relative links and anchors of `files` (paths relative to `root` in the report). */
export function brokenLinks(root: string, files: string[]): BrokenLink[] {
  const cache = new Map<string, Set<string>>()
  const anchorsOf = (path: string): Set<string> => {
    if (!cache.has(path)) cache.set(path, anchors(readFileSync(path, "utf8")))
    return cache.get(path)!
  }
  const broken: BrokenLink[] = []
  for (const file of files) {
    for (const { line, text } of proseLines(readFileSync(file, "utf8"))) {
      for (const target of targets(text)) {
        if (external(target)) continue
        const problem = check(file, target, anchorsOf)
        if (problem) broken.push({ file: relative(root, file), line, target, problem })
      }
    }
  }
  return broken
}

function check(file: string, target: string, anchorsOf: (path: string) => Set<string>): string | null {
  const [pathPart, fragment] = splitFragment(target)
  const path = pathPart ? resolve(dirname(file), decodeURIComponent(pathPart)) : file
  if (!existsSync(path)) return `no file or folder ${relative(dirname(file), path) || pathPart}`
  if (fragment === undefined || fragment === "") return null
  if (statSync(path).isDirectory() || !/\.md$/i.test(path)) return `#${fragment} points into something that is not a Markdown file`
  const where = path === file ? "this file" : relative(dirname(file), path)
  return anchorsOf(path).has(decodeURIComponent(fragment)) ? null : `no heading #${fragment} in ${where}`
}

function splitFragment(target: string): [string, string | undefined] {
  const at = target.indexOf("#")
  return at < 0 ? [target, undefined] : [target.slice(0, at), target.slice(at + 1)]
}
