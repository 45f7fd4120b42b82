import { randomBytes } from "node:crypto"
import http from "node:http"
import { z } from "zod"
import type { SandboxContext } from "./context"
import { createControls } from "./controls"
import type { FaultConfig } from "./faults/config"
import { createFaults } from "./faults/plan"
import { createApp } from "./http/app"
import { describeIssues } from "./issues"
import { createLifecycle } from "./lifecycle"
import { type ResolvedSandboxOptions, SandboxAnswers, SandboxOptions } from "./options"
import { createPersistence, loadState, type Persistence } from "./persistence"
import { scheduleSettlement } from "./refunds"
import { seededRandom } from "./rng"
import { createState, type OutboxMessage, type Refund, type SandboxState, type WebhookDelivery } from "./state"
import type { WebhookConfig, WebhookConfigPatch } from "./webhook/config"

export interface Sandbox {
  /** e.g. "http://localhost:41234", no trailing slash. */
  url: string
  /** `${url}/api`: the provider's authUrl. */
  authUrl: string
  /** `url`: the provider's baseUrl. */
  baseUrl: string
  /** `url`: the merchant host of the in-store API (send-checkout, create-branch), another host at the service. */
  merchantUrl: string
  /** The live state; read it in tests, change it through the methods below. */
  state: SandboxState
  /** The live webhook configuration, as `setWebhook` left it. */
  readonly webhook: WebhookConfig
  setFaults(faults: FaultConfig): void
  setWebhook(config: WebhookConfigPatch): void
  /** Answers another of the shapes the documentation leaves open (`answers`), from the next request on. */
  setAnswers(answers: Partial<SandboxAnswers>): void
  /** As the customer clicking "Pay first installment"; resolves after the first webhook attempt. */
  pay(loanId: number): Promise<void>
  /** REQUEST -> CANCELLED, no webhook. */
  decline(loanId: number): void
  /** The checkout link stops working; the status stays REQUEST. */
  expire(loanId: number): void
  redeliver(loanId: number): Promise<WebhookDelivery>
  /** The checkout links "sent" to customers' phones or shown as QR codes, oldest first: a copy. */
  outbox(): OutboxMessage[]
  /** Forgets the messages sent so far. */
  clearOutbox(): void
  /**
   * The merchant refunds the cart's paid loan in the service's own portal, not through the
   * API: recorded REQUESTED and settled to REFUNDED like a pos refund. `totalAmount` is a
   * decimal string ("200.25"). Throws when the cart has no paid loan or the amount is too much.
   */
  refundAtService(cartId: string, totalAmount: string, reason?: string): Refund
  reset(): void
  /**
   * Resolves once nothing is scheduled or in flight by itself: no webhook retry, refund
   * settlement or injected latency. What tests await instead of sleeping and hoping.
   */
  idle(): Promise<void>
  close(): Promise<void>
}

export async function startSandbox(input: SandboxOptions = {}): Promise<Sandbox> {
  const options = parseOptions(input)
  let publicUrl = ""
  let persistence: Persistence | undefined
  const ctx = createContext(
    options,
    () => publicUrl,
    () => persistence?.changed(),
  )
  if (options.persistFile) {
    if (loadState(options.persistFile, ctx.state)) resumeSettlements(ctx)
    persistence = createPersistence(options.persistFile, ctx.state, ctx.log)
  }
  const controls = createControls(ctx)
  const urls = { url: "", authUrl: "", baseUrl: "", merchantUrl: "" }
  const server = http.createServer(createApp(ctx, controls, () => urls))
  const port = await listen(server, options.port).catch((error: unknown) => {
    ctx.lifecycle.close()
    throw error
  })
  urls.url = urls.baseUrl = urls.merchantUrl = `http://localhost:${port}`
  urls.authUrl = `${urls.url}/api`
  publicUrl = (options.publicUrl ?? urls.url).replace(/\/+$/, "")
  let closing: Promise<void> | undefined

  return {
    ...urls,
    state: ctx.state,
    get webhook() {
      return ctx.webhook
    },
    setFaults: (faults) => void controls.setFaults(faults),
    setWebhook: (config) => void controls.setWebhook(config),
    setAnswers: (answers) => void Object.assign(ctx.answers, SandboxAnswers.partial().parse(answers)),
    pay: async (loanId) => void (await controls.pay(loanId)),
    decline: (loanId) => void controls.decline(loanId),
    expire: (loanId) => void controls.expire(loanId),
    redeliver: (loanId) => controls.redeliver(loanId),
    outbox: () => [...ctx.state.outbox],
    clearOutbox: () => void controls.clearOutbox(),
    refundAtService: (cartId, totalAmount, reason) => controls.refundAtService(cartId, { totalAmount, reason }),
    reset: () => controls.reset(),
    idle: () => ctx.lifecycle.idle(),
    close: () => {
      closing ??= shutDown(ctx, server, persistence)
      return closing
    },
  }
}

function parseOptions(input: SandboxOptions): ResolvedSandboxOptions {
  try {
    return SandboxOptions.parse(input)
  } catch (error) {
    if (error instanceof z.ZodError) throw new Error(`invalid sandbox options: ${describeIssues(error)}`)
    throw error
  }
}

function createContext(options: ResolvedSandboxOptions, publicUrl: () => string, changed: () => void): SandboxContext {
  const random = seededRandom(options.seed ?? randomBytes(4).readUInt32LE())
  return {
    state: createState(options.merchants),
    installments: options.installments,
    refundSettleMs: options.refundSettleMs,
    visibleAfterMs: options.visibleAfterMs,
    extensions: options.extensions,
    answers: options.answers,
    cancelTouches: options.cancelTouches,
    jwtSecret: options.jwtSecret ?? randomBytes(32).toString("hex"),
    webhook: options.webhook,
    faults: createFaults(options.faults, random),
    log: options.log ?? ((line) => console.log(line)),
    lifecycle: createLifecycle(),
    changed,
    publicUrl,
  }
}

/** Refunds still REQUESTED in a saved state settle when they would have, or at once if overdue. */
function resumeSettlements(ctx: SandboxContext): void {
  for (const loan of ctx.state.loans.values()) {
    for (const refund of loan.refunds.filter((candidate) => candidate.status === "REQUESTED")) {
      const due = Date.parse(refund.refundDate) + ctx.refundSettleMs
      scheduleSettlement(ctx, refund, Math.max(0, due - Date.now()))
    }
  }
}

function listen(server: http.Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const fail = (error: NodeJS.ErrnoException): void =>
      reject(error.code === "EADDRINUSE" ? new Error(`port ${port} is in use: is a sandbox already running?`) : error)
    server.once("error", fail)
    server.listen(port, "127.0.0.1", () => {
      server.off("error", fail)
      const address = server.address()
      resolve(typeof address === "object" && address ? address.port : port)
    })
  })
}

/** Timers and deliveries first, then the last save, then every socket (hung ones included). */
function shutDown(ctx: SandboxContext, server: http.Server, persistence: Persistence | undefined): Promise<void> {
  ctx.lifecycle.close()
  persistence?.flush()
  return new Promise((resolve) => {
    server.close(() => resolve())
    server.closeAllConnections()
  })
}
