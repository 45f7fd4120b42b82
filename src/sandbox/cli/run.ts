import { parseArgs } from "node:util"
import type { Sandbox } from "../sandbox"
import { CONTROL_COMMANDS, type Print } from "./commands"
import { helpText } from "./help"
import { serve } from "./serve"

export interface CliIo {
  out: Print
  err: Print
  env: NodeJS.ProcessEnv
}

/** What a command leaves running: `serve` leaves a sandbox, the others nothing. */
export type CliResult = { exitCode: number; sandbox?: Sandbox }

const OPTIONS = {
  url: { type: "string" },
  port: { type: "string" },
  persist: { type: "string" },
  "webhook-auth": { type: "string" },
  "webhook-token": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const

export async function runCli(argv: string[], io: CliIo): Promise<CliResult> {
  try {
    const { values, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true })
    const [command = "help", ...args] = positionals
    if (values.help || command === "help") return done(io.out, helpText(), 0)
    if (command === "serve") {
      const { port, persist, "webhook-auth": webhookAuth, "webhook-token": webhookToken } = values
      return { exitCode: 0, sandbox: await serve({ port, persist, webhookAuth, webhookToken }, io.env, io.out) }
    }
    const control = CONTROL_COMMANDS[command]
    if (!control) return done(io.err, `Unknown command '${command}'.\n\n${helpText()}`, 1)
    await control.run(values.url ?? io.env.BNPL_SANDBOX_URL ?? "http://localhost:4010", args, io.out)
    return { exitCode: 0 }
  } catch (error) {
    return done(io.err, `Error: ${error instanceof Error ? error.message : String(error)}`, 1)
  }
}

function done(print: Print, text: string, exitCode: number): CliResult {
  print(text)
  return { exitCode }
}
