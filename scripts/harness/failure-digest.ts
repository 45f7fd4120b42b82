import { stripVTControlCharacters } from "node:util"

/** A failed test as the summary repeats it: where and what, and jest's message. */
export interface FailedTest {
  name: string
  message: string
}

/** Lines of each failure kept (its head, then its tail): a CI log is often read from its end only. */
const HEAD = 45
const TAIL = 15
/** A longer line is cut: a message may hold a whole JSON body on one line. */
const WIDTH = 400

/**
 * The failed tests again, for the end of a run's output, after every suite's own: each name, and
 * its message without colours or stack frames, cut to its head and tail. No lines when none failed.
 */
export function failureDigest(failures: FailedTest[]): string[] {
  if (!failures.length) return []
  return [
    "",
    "Failed:",
    ...failures.flatMap(({ name, message }) => {
      const lines = stripVTControlCharacters(message)
        .split("\n")
        .filter((line) => !/^\s+at /.test(line))
      const shown = lines.length > HEAD + TAIL ? [...lines.slice(0, HEAD), `… ${lines.length - HEAD - TAIL} lines …`, ...lines.slice(-TAIL)] : lines
      return [`  - ${name}`, ...shown.map((line) => `    ${line.slice(0, WIDTH)}`)]
    }),
  ]
}
