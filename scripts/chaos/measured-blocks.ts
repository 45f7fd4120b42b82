import { cpus } from "node:os"
import { join } from "node:path"
import { writeMeasured } from "../harness/measured"

/** What `writeReport` leaves in artifacts/chaos/full…-latest.json for each scenario. */
export interface ChaosOutcome {
  name: string
  seconds: number
  figures: Record<string, unknown>
  failures: string[]
}

export const scenarioSlug = (name: string): string => name.replace(/ /g, "-")

/**
 * One README block per scenario of a full chaos run (see harness/measured.ts): its figures as
 * printed, whether it passed, and the run's note. `digest` is of the `src` the run used.
 */
export function writeChaosBlocks(projectRoot: string, outcomes: ChaosOutcome[], load: number[], digest: string): void {
  for (const outcome of outcomes) {
    const figures = Object.entries(outcome.figures).map(
      ([name, value]) => `- ${name}: ${typeof value === "string" || typeof value === "number" ? value : JSON.stringify(value)}`,
    )
    const verdict = outcome.failures.length ? `**FAILED**: ${outcome.failures.length} invariant(s) broken` : "passed"
    writeMeasured(
      join(projectRoot, "README.md"),
      `chaos:${scenarioSlug(outcome.name)}`,
      [`**${outcome.name}** (${verdict})`, "", ...figures].join("\n"),
      {
        command: `npm run test:chaos -- --only=${scenarioSlug(outcome.name)}`,
        seconds: outcome.seconds,
        load,
        cores: cpus().length,
      },
      digest,
    )
  }
}
