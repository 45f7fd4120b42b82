import type { Faults } from "./faults/plan"
import type { Lifecycle } from "./lifecycle"
import type { SandboxAnswers, SandboxExtensions, SandboxLog } from "./options"
import type { SandboxState } from "./state"
import type { WebhookConfig } from "./webhook/config"

/** What every part of the sandbox shares: one state, one configuration, one lifecycle. */
export interface SandboxContext {
  state: SandboxState
  installments: number
  refundSettleMs: number
  visibleAfterMs: number
  extensions: SandboxExtensions
  answers: SandboxAnswers
  cancelTouches: "all" | "latest"
  jwtSecret: string
  webhook: WebhookConfig
  faults: Faults
  log: SandboxLog
  lifecycle: Lifecycle
  /** Called after every change of loans or refunds; persistence listens. */
  changed(): void
  /** Where checkout links point; known only once the server listens. */
  publicUrl(): string
}
