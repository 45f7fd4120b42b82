import type { ChaosContext } from "./context"

/** What a scenario measured (printed as is) and the invariants it saw broken. */
export interface ScenarioResult {
  figures: Record<string, unknown>
  failures: string[]
}

export const scenarioSlug = (name: string): string => name.replace(/ /g, "-")

/** One test of `npm run test:chaos`: it passes when it ends with no failure. */
export interface Scenario {
  name: string
  /** Which of its variants this run chose, when one only: its results file is named by it. */
  variant?: () => string | undefined
  run(ctx: ChaosContext): Promise<ScenarioResult>
}

/** Collects broken invariants with the numbers that broke them. */
export class Expectations {
  readonly failures: string[] = []

  that(holds: boolean, failure: string): this {
    if (!holds) this.failures.push(failure)
    return this
  }
}
