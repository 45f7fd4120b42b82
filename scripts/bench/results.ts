import type { Figure } from "./config"
import { figureTable, type FigureRow } from "./figure"
import { recordHeader, type RunRecord } from "../harness/results"

/** One figure of a bench run: its rows, or the error that stopped it before it had any. */
export type FigureOutcome = { figure: Figure; seconds: number } & ({ rows: FigureRow[] } | { error: string })

/** A figure passes when it ran and no judged row missed its target. */
export const figurePassed = (outcome: FigureOutcome): boolean => "rows" in outcome && outcome.rows.every((row) => row.met !== false)

function verdict(outcome: FigureOutcome): string {
  if ("error" in outcome) return `FAILED: crashed (${oneLine(outcome.error)})`
  const missed = outcome.rows.filter((row) => row.met === false).map((row) => row.figure)
  if (missed.length) return `FAILED: target missed (${missed.join("; ")})`
  return outcome.rows.some((row) => row.met) ? "passed" : "reported"
}

const oneLine = (text: string): string => text.split("\n")[0].replace(/\|/g, "\\|")

/** The Markdown of a bench run: the verdict of each figure, then the table of each figure that ran. */
export function benchResultsMarkdown(run: RunRecord, outcomes: FigureOutcome[]): string {
  const summary = [
    "| Figure | Verdict | Time |",
    "|---|---|---:|",
    ...outcomes.map((o) => `| ${o.figure} | ${verdict(o)} | ${o.seconds.toFixed(0)} s |`),
  ]
  const tables = outcomes.flatMap((o) => ("rows" in o ? [`## ${o.figure}`, "", figureTable(o.rows), ""] : []))
  return [recordHeader(run, "npm run bench"), "", ...summary, "", ...tables].join("\n")
}
