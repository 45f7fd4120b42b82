import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { loanCheckouts } from "../harness/checkouts"
import type { ChaosContext } from "./context"
import { Expectations, type Scenario, type ScenarioResult } from "./scenario"

/**
 * Not one line that any process of the run logged (every Medusa process, migrations and
 * seed, the sandbox, Redis) may contain the API token or the webhook token, as plain text
 * or in base64. Both are fresh random strings of this run, so a match can only be a leak.
 * Last in a full run, it reads what every scenario logged; it first drives checkouts of its
 * own (loans created, paid, confirmed by signed webhooks), so that alone it still scans real
 * traffic.
 */
export const secretsScenario: Scenario = {
  name: "secrets",
  async run(ctx: ChaosContext): Promise<ScenarioResult> {
    const own = await loanCheckouts(ctx.api, await ctx.carts.carts(OWN_CHECKOUTS), 4)
    for (const { loanId } of own) await ctx.stack.sandbox.pay(loanId)
    const dir = ctx.stack.options.artifacts
    const secrets = { "API token": ctx.stack.secrets.apiToken, "webhook token": ctx.stack.secrets.webhookToken }
    const files = readdirSync(dir).filter((name) => name.endsWith(".log"))
    let lines = 0
    let all = ""
    const leaks: string[] = []
    for (const file of files) {
      const text = readFileSync(join(dir, file), "utf8")
      lines += text.split("\n").length
      all += text
      leaks.push(...findLeaks(file, text, secrets))
    }
    const unseen = own.filter(({ loanId }) => !all.includes(`loan ${loanId} `))
    return {
      figures: { "log files": files.length, "lines scanned": lines, leaks: leaks.length },
      failures: new Expectations()
        .that(unseen.length === 0, `the logs never mention loans ${unseen.map((l) => l.loanId).join(", ")}: the scan missed the traffic it drove`)
        .that(leaks.length === 0, leaks.slice(0, 10).join("; ")).failures,
    }
  },
}

/**
 * Where `text` holds a secret, as "<source>:<line> holds the <name> (<form>)": never the
 * secret itself. `secrets` maps a name to its value; a `user:password` credential (a Basic
 * webhook token) is also looked for by its password alone.
 */
export function findLeaks(source: string, text: string, secrets: Record<string, string>): string[] {
  const forms = Object.entries(secrets).flatMap(([name, value]) => secretForms(value).map((form) => ({ name, ...form })))
  const leaks: string[] = []
  text.split("\n").forEach((line, index) => {
    const found = forms.find((form) => line.includes(form.text))
    if (found) leaks.push(`${source}:${index + 1} holds the ${found.name} (${found.kind})`)
  })
  return leaks
}

/** Checkouts the scenario drives itself before it scans. */
const OWN_CHECKOUTS = 6

/** Shorter base64 runs could turn up in any long base64 string by chance. */
const MIN_BASE64_RUN = 12

interface SecretForm {
  kind: "plain" | "base64" | "base64url"
  text: string
}

/**
 * How a secret can show up in a log: plain, or inside base64 (an `Authorization: Basic`
 * header is base64 of `user:token`; a JWT or a dumped body is base64url). Inside a longer
 * encoding the secret starts at one of three byte offsets modulo 3, and each gives its own
 * characters: for each, the run of characters that depend on the secret's bytes only.
 */
export function secretForms(secret: string): SecretForm[] {
  const values = [secret]
  const password = secret.slice(secret.indexOf(":") + 1)
  if (secret.includes(":") && password.length >= MIN_BASE64_RUN) values.push(password)
  return values.flatMap((value) => [
    { kind: "plain" as const, text: value },
    ...base64Runs(value).flatMap((run) => {
      const url = run.replace(/\+/g, "-").replace(/\//g, "_")
      return [{ kind: "base64" as const, text: run }, ...(url === run ? [] : [{ kind: "base64url" as const, text: url }])]
    }),
  ])
}

function base64Runs(value: string): string[] {
  const bytes = Buffer.from(value, "utf8")
  return [0, 1, 2]
    .map((shift) => {
      const encoded = Buffer.concat([Buffer.alloc(shift), bytes]).toString("base64")
      // Whole 3-byte groups of the secret only: the first group mixes in what came before
      // (unless the secret starts it), the last partial group what comes after.
      const start = shift === 0 ? 0 : 4
      const end = Math.floor((shift + bytes.length) / 3) * 4
      return encoded.slice(start, end)
    })
    .filter((run) => run.length >= MIN_BASE64_RUN)
}
