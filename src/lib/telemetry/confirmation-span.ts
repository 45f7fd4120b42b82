import type { LoanHolder } from "../../modules/bnpl/holder"
import { ATTR, holderAttributes } from "./attributes"
import { aboutLoan } from "./loan-context"
import { inSpan } from "./span"

/**
 * A confirmation (workflows/confirm-loan.ts) as one span, `bnpl.confirmation`, with its loan,
 * holder, outcome and order; the status query it makes hangs under it, named for the same loan.
 */
export function confirmationSpan<R extends { result: { outcome: string } | { outcome: string; orderId: string } }>(
  input: { holder: LoanHolder; loan_id: number },
  run: () => Promise<R>,
): Promise<R> {
  const loan = { loanId: input.loan_id, holder: input.holder }
  return aboutLoan(loan, () =>
    inSpan(
      "bnpl.confirmation",
      () => ({ [ATTR.LOAN_ID]: input.loan_id, ...holderAttributes(input.holder) }),
      async (span) => {
        const ran = await run()
        if (span.isRecording()) {
          span.setAttribute(ATTR.CONFIRMATION_OUTCOME, ran.result.outcome)
          if ("orderId" in ran.result) span.setAttribute(ATTR.ORDER_ID, ran.result.orderId)
        }
        return ran
      },
    ),
  )
}
