import { branchesOf } from "../branches"
import { type Sandbox, startSandbox } from "../sandbox"
import { WebhookAuth } from "../webhook/config"
import type { Print } from "./commands"
import { formatTable } from "./table"

export interface ServeFlags {
  port?: string
  persist?: string
  webhookAuth?: string
  webhookToken?: string
  webhookUrl?: string
  publicUrl?: string
}

/**
 * Flags first, then the environment (SANDBOX_PORT, BNPL_WEBHOOK_AUTH, BNPL_WEBHOOK_TOKEN,
 * SANDBOX_WEBHOOK_URL, SANDBOX_PUBLIC_URL), then defaults.
 */
export async function serve(flags: ServeFlags, env: NodeJS.ProcessEnv, print: Print, program: string): Promise<Sandbox> {
  const port = Number(flags.port ?? env.SANDBOX_PORT ?? 4010)
  if (!Number.isInteger(port)) throw new Error(`--port must be a number, got '${flags.port ?? env.SANDBOX_PORT}'`)
  const auth = WebhookAuth.safeParse(flags.webhookAuth ?? env.BNPL_WEBHOOK_AUTH ?? "none")
  if (!auth.success) throw new Error(`--webhook-auth must be one of ${WebhookAuth.options.join(", ")}`)
  const token = flags.webhookToken ?? env.BNPL_WEBHOOK_TOKEN
  const url = flags.webhookUrl ?? env.SANDBOX_WEBHOOK_URL
  const publicUrl = flags.publicUrl ?? env.SANDBOX_PUBLIC_URL
  const sandbox = await startSandbox({
    port,
    persistFile: flags.persist,
    webhook: { auth: auth.data, ...(token ? { token } : {}), ...(url ? { url } : {}) },
    ...(publicUrl ? { publicUrl } : {}),
    log: print,
  })
  print(banner(sandbox, flags.persist, program))
  return sandbox
}

function banner(sandbox: Sandbox, persistFile: string | undefined, program: string): string {
  const { auth, url } = sandbox.webhook
  const branches = (merchantId: number): string =>
    branchesOf(sandbox.state, merchantId)
      .map((branch) => branch.branchId)
      .join(", ")
  const merchants = sandbox.state.merchants.map(({ merchantId, apiToken, name, approved }) => [
    merchantId,
    apiToken,
    name,
    approved,
    branches(merchantId),
  ])
  return [
    "Financing service sandbox is running.",
    "",
    `  URL      ${sandbox.url}`,
    `  authUrl  ${sandbox.authUrl}`,
    `  baseUrl  ${sandbox.baseUrl}`,
    `  webhook  auth ${auth}, sent to ${url ?? "each loan's webHookUrl"}`,
    `  state    ${persistFile ? `saved to ${persistFile}` : "in memory only"}`,
    "",
    "Merchant credentials (sandbox only):",
    formatTable(["merchantId", "apiToken", "name", "approved", "shopId (branches)"], merchants),
    "",
    `In another terminal: ${program} loans | pay <loanId> | outbox | refund <cartId> <amount> | webhooks | help`,
    `Checkout links sent to phones: ${sandbox.url}/outbox`,
    "Stop with Ctrl+C.",
  ].join("\n")
}
