import type { ScenarioResult } from "./scenario"
import { recordHeader, type RunRecord } from "../harness/results"

export interface ChaosOutcome extends ScenarioResult {
  name: string
  seconds: number
}

/** What a results file keeps of a scenario: the figures of one that passed, only the broken invariants of one that failed. */
export type RecordedScenario = { name: string; seconds: number } & (
  { passed: true; figures: Record<string, unknown> } | { passed: false; failures: string[] }
)

export function recordedScenario({ name, seconds, figures, failures }: ChaosOutcome): RecordedScenario {
  return failures.length ? { name, seconds, passed: false, failures } : { name, seconds, passed: true, figures }
}

const show = (value: unknown): string => (typeof value === "string" || typeof value === "number" ? String(value) : JSON.stringify(value))

function section(scenario: RecordedScenario): string[] {
  if (!scenario.passed) return [`## ${scenario.name}: FAILED`, "", ...scenario.failures.map((f) => `- ${f.split("\n")[0]}`), ""]
  return [`## ${scenario.name}: passed`, "", ...Object.entries(scenario.figures).map(([name, value]) => `- ${name}: ${show(value)}`), ""]
}

/** The Markdown of a chaos run: the verdict of each scenario, then each one's figures or broken invariants. */
export function chaosResultsMarkdown(run: RunRecord, scenarios: RecordedScenario[]): string {
  const summary = [
    "| Scenario | Verdict | Time |",
    "|---|---|---:|",
    ...scenarios.map((s) => `| ${s.name} | ${s.passed ? "passed" : `FAILED (${s.failures.length} broken)`} | ${s.seconds.toFixed(0)} s |`),
  ]
  return [recordHeader(run, "npm run test:chaos"), "", ...summary, "", ...scenarios.flatMap(section)].join("\n")
}
