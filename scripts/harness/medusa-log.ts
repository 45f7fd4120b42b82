// Where `npm start` puts Medusa's own output: all of it in a file in the data folder, and on the
// terminal only its warnings and errors (everything with BNPL_VERBOSE set), and the lines `show`
// picks (the plugin's spans with BNPL_OTEL_CONSOLE set).
import { createWriteStream, mkdirSync } from "node:fs"
import { dirname } from "node:path"

// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;]*m/g

export interface MedusaLog {
  path: string
  line(text: string): void
  close(): Promise<void>
}

/** Medusa's text logger starts a line with its level (`warn:`, `error:`); JSON logs carry `"level"`. */
function levelOf(line: string): string | null {
  const plain = line.replace(ANSI, "").trimStart()
  const text = plain.match(/^(error|warn)\b/i)
  if (text) return text[1].toLowerCase()
  const json = plain.match(/^\{.*"level":"(error|warn)"/)
  return json ? json[1] : null
}

/**
 * A sink for the lines of one or more child processes. A warning or error is shown with the
 * indented lines that follow it (a stack trace), until a line at another level starts.
 */
export function createMedusaLog(
  file: string,
  {
    verbose = false,
    print = (line: string) => void process.stdout.write(`${line}\n`),
    show = () => false,
  }: { verbose?: boolean; print?: (line: string) => void; show?: (line: string) => boolean } = {},
): MedusaLog {
  mkdirSync(dirname(file), { recursive: true })
  const stream = createWriteStream(file, { flags: "a" })
  stream.write(`\n===== npm start, ${new Date().toISOString()} =====\n`)
  let showing = false
  return {
    path: file,
    line(text) {
      stream.write(`${text.replace(ANSI, "")}\n`)
      const level = levelOf(text)
      if (level) showing = true
      else if (!/^\s/.test(text.replace(ANSI, ""))) showing = false
      if (verbose || showing || show(text)) print(text)
    },
    close: () => new Promise<void>((resolve) => stream.end(() => resolve())),
  }
}
