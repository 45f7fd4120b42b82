import { useTranslation } from "react-i18next"
import type { LoanFailure } from "../../lib/bnpl-loan-api"
import { Message } from "./message"

/** Why the loan could not be shown, said in the card: the order page around it must never break. */
export function FailureMessage({ failure }: { failure: Exclude<LoanFailure, { kind: "none" }> }) {
  const { t } = useTranslation()
  switch (failure.kind) {
    case "unreachable":
      return <Message error>{t("bnpl.widget.unreachable")}</Message>
    case "failed":
      return <Message error>{t("bnpl.widget.failed", { status: failure.status })}</Message>
    default: {
      const unhandled: never = failure
      return unhandled
    }
  }
}
