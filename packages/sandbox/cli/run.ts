import { parseArgs } from "node:util"
import type { Sandbox } from "../sandbox"
import { CONTROL_COMMANDS, type Print } from "./commands"
import { helpText } from "./help"
import { serve, type ServeFlags } from "./serve"

export interface CliIo {
  out: Print
  err: Print
  env: NodeJS.ProcessEnv
  /** How the user started this CLI, for the commands it suggests: `npx bnpl-sandbox` or `npm run sandbox --`. */
  program?: string
}

/** What a command leaves running: `serve` leaves a sandbox, the others nothing. */
export type CliResult = { exitCode: number; sandbox?: Sandbox }

const OPTIONS = {
  url: { type: "string" },
  port: { type: "string" },
  persist: { type: "string" },
  "webhook-auth": { type: "string" },
  "webhook-token": { type: "string" },
  "webhook-url": { type: "string" },
  "public-url": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const

export async function runCli(argv: string[], io: CliIo): Promise<CliResult> {
  try {
    const { values, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true })
    const [command = "help", ...args] = positionals
    const program = io.program ?? DEFAULT_PROGRAM
    if (values.help || command === "help") return done(io.out, helpText(program), 0)
    if (command === "serve") return { exitCode: 0, sandbox: await serve(serveFlags(values), io.env, io.out, program) }
    const control = CONTROL_COMMANDS[command]
    if (!control) return done(io.err, `Unknown command '${command}'.\n\n${helpText(program)}`, 1)
    await control.run(values.url ?? io.env.BNPL_SANDBOX_URL ?? "http://localhost:4010", args, io.out)
    return { exitCode: 0 }
  } catch (error) {
    return done(io.err, `Error: ${error instanceof Error ? error.message : String(error)}`, 1)
  }
}

const DEFAULT_PROGRAM = "npm run sandbox --"

function serveFlags(values: ReturnType<typeof parseArgs<{ args: string[]; options: typeof OPTIONS }>>["values"]): ServeFlags {
  return {
    port: values.port,
    persist: values.persist,
    webhookAuth: values["webhook-auth"],
    webhookToken: values["webhook-token"],
    webhookUrl: values["webhook-url"],
    publicUrl: values["public-url"],
  }
}

function done(print: Print, text: string, exitCode: number): CliResult {
  print(text)
  return { exitCode }
}
