import type { SandboxContext } from "../context"

/** Fields no document names, as a service adds them over time: a reader must pass them by. */
const EXTRA = { branchId: "0001", channel: "ONLINE", traceId: "sbx-trace" }

/** The answer with the extra fields when `answers.extraFields` is on; the documented fields are never changed. */
export const withExtraFields = <T extends object>(ctx: SandboxContext, answer: T): T => (ctx.answers.extraFields ? { ...EXTRA, ...answer } : answer)
