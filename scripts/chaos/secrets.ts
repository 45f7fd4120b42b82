import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import type { ChaosContext } from "./context"
import { Expectations, type Scenario, type ScenarioResult } from "./scenario"

/**
 * After everything above: not one line that any process logged (every Medusa process,
 * migrations and seed, the sandbox, Redis) may contain the API token or the webhook token.
 * Both are fresh random strings of this run, so a match can only be a leak.
 */
export const secretsScenario: Scenario = {
  name: "secrets",
  async run(ctx: ChaosContext): Promise<ScenarioResult> {
    const dir = ctx.stack.options.artifacts
    const secrets = { "API token": ctx.stack.secrets.apiToken, "webhook token": ctx.stack.secrets.webhookToken }
    const files = readdirSync(dir).filter((name) => name.endsWith(".log"))
    let lines = 0
    const leaks: string[] = []
    for (const file of files) {
      readFileSync(join(dir, file), "utf8")
        .split("\n")
        .forEach((line, index) => {
          lines++
          for (const [name, value] of Object.entries(secrets)) {
            if (line.includes(value)) leaks.push(`${file}:${index + 1} holds the ${name}`)
          }
        })
    }
    return {
      figures: { "log files": files.length, "lines scanned": lines, leaks: leaks.length },
      failures: new Expectations()
        .that(lines > 1_000, `only ${lines} log lines: the scan saw too little to mean anything`)
        .that(leaks.length === 0, leaks.slice(0, 10).join("; ")).failures,
    }
  },
}
