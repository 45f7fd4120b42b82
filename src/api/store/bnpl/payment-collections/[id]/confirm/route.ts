import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { bnplFromContainer } from "../../../../../../lib/options/resolve-options"
import type { BalanceEligibilityResponse } from "../../../../../../storefront/wire"
import { balanceHolder } from "../../../../../../modules/bnpl/holder"
import { confirmLoan } from "../../../../../../workflows/confirm-loan"
import { type LangQuery, shopperLang } from "../../../query"
import { balanceEligibility } from "../balance-eligibility"
import { readBalanceFacts } from "../balance-facts"

/**
 * POST /store/bnpl/payment-collections/:id/confirm: the return page of an order's balance. The
 * balance's loan is confirmed here as the webhook would (the confirmation asks the service
 * itself; nothing the request says counts, and an unpaid loan changes nothing),
 * so a shopper back from paying sees the balance paid even when the webhook is late or lost.
 * Answers as the GET does, after.
 */
export async function POST(req: MedusaRequest<unknown, LangQuery>, res: MedusaResponse<BalanceEligibilityResponse>): Promise<void> {
  const query = req.validatedQuery
  const { options, client, providerId } = bnplFromContainer(req.scope)
  const collectionId = req.params.id
  const before = balanceEligibility(await readBalanceFacts(req.scope, client, collectionId), options, shopperLang(req, query.lang), providerId)
  // The storefront's view of the loan may be a moment old (recent-loans.ts): any loan not known
  // cancelled goes to the confirmation, which asks the service itself.
  const loan = before.next_step === "confirming" || before.next_step === "pay" ? before.loan : null
  if (!loan || loan.status === "cancelled") return void res.set({ "cache-control": "no-store" }).json({ bnpl: before })
  await confirmLoan(req.scope, { holder: balanceHolder(collectionId), loan_id: loan.loan_id })
  const facts = await readBalanceFacts(req.scope, client, collectionId)
  res.set({ "cache-control": "no-store" }).json({ bnpl: balanceEligibility(facts, options, shopperLang(req, query.lang), providerId) })
}
