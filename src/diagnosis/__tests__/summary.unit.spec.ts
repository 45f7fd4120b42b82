import { diagnosisSummary } from "../summary"
import type { CheckResult } from "../types"

describe("diagnosisSummary", () => {
  it("is one line with the counts and every failure first, with its fix", () => {
    const checks: CheckResult[] = [
      { id: "options", status: "ok", detail: "The options parse.", fix: null },
      { id: "attention", status: "warn", detail: "2 loans need attention.", fix: "Open the attention list." },
      { id: "credentials", status: "fail", detail: "The service refused:\n  - HTTP 404.", fix: "Check BNPL_API_TOKEN." },
    ]
    const line = diagnosisSummary(checks)
    expect(line).toBe(
      "[bnpl] diagnosis: 1 ok, 1 warning(s), 1 failure(s) | FAIL credentials: The service refused: - HTTP 404. Fix: Check BNPL_API_TOKEN. | WARN attention: 2 loans need attention. Fix: Open the attention list.",
    )
  })

  it("says where to see the checks when all pass", () => {
    expect(diagnosisSummary([{ id: "clock", status: "ok", detail: "Agrees.", fix: null }])).toMatch(
      /^\[bnpl\] diagnosis: 1 ok, 0 warning\(s\), 0 failure\(s\); GET \/admin\/bnpl\/diagnosis/,
    )
  })
})
