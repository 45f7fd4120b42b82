/**
 * The bundled sandbox of the financing service: a local stand-in that validates every
 * request against the wire formats, serves a checkout page, sends webhooks, and injects
 * faults on demand. See `cli.ts` for the command-line side.
 */
export { startSandbox } from "./sandbox"
export type { Sandbox } from "./sandbox"
export type { SandboxOptions, SandboxLog } from "./options"
export { DEFAULT_MERCHANTS } from "./options"
export type { SandboxState, Loan, Refund, Merchant, Branch, OutboxMessage, ReceivedRequest, WebhookDelivery, ServiceEndpoint } from "./state"
export type { FaultConfig, EndpointFaults, WriteFaults, RefundFaults, LostReply, WebhookFaults } from "./faults/config"
export type { PortalRefund } from "./controls"
export type { WebhookConfig, WebhookConfigInput, WebhookConfigPatch, WebhookAuth } from "./webhook/config"
