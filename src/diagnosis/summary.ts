import type { CheckResult } from "./types"

/**
 * The start-up log's one line: the counts, then every failure and warning with its fix, so that
 * an operator reading only the log knows what to change.
 */
export function diagnosisSummary(checks: CheckResult[]): string {
  const count = (status: CheckResult["status"]) => checks.filter((check) => check.status === status).length
  const head = `[bnpl] diagnosis: ${count("ok")} ok, ${count("warn")} warning(s), ${count("fail")} failure(s)`
  const problems = checks
    .filter((check) => check.status !== "ok")
    .sort((a, b) => (a.status === b.status ? 0 : a.status === "fail" ? -1 : 1))
    .map((check) => `${check.status.toUpperCase()} ${check.id}: ${check.detail}${check.fix ? ` Fix: ${check.fix}` : ""}`)
  const tail = problems.length ? ` | ${problems.join(" | ")}` : ""
  // One line, whatever a detail carries (an options error lists its options on lines of their own).
  return `${head}${tail}${problems.length ? "" : "; GET /admin/bnpl/diagnosis or the admin's Diagnosis page shows them"}`.replace(/\s*\n\s*/g, " ")
}
