import { context, createContextKey } from "@medusajs/framework/opentelemetry/api"
import type { LoanHolder } from "../../modules/bnpl/holder"

/**
 * The loan a piece of work is about, carried in OpenTelemetry's context so that the spans of the
 * requests it makes (service-request.ts) name the loan and its holder: the client's methods take
 * only the service's `cartId`, and a holder's kind is never read from an id. Without an SDK the
 * API keeps no context, and nothing reads it either.
 */
export interface LoanInContext {
  loanId?: number
  holder?: LoanHolder
}

const KEY = createContextKey("medusa-payment-bnpl loan")

export const loanInContext = (): LoanInContext | undefined => context.active().getValue(KEY) as LoanInContext | undefined

/** Runs `work` with `loan` as the loan it is about (what it leaves out is kept from the outer one). */
export function aboutLoan<T>(loan: LoanInContext, work: () => T): T {
  const outer = loanInContext()
  return context.with(context.active().setValue(KEY, { ...outer, ...loan }), work)
}
