import { ArrowPath, ArrowUturnLeft, ReceiptPercent } from "@medusajs/icons"
import { type DataTableAction, toast, usePrompt } from "@medusajs/ui"
import { useMemo } from "react"
import { useTranslation } from "react-i18next"
import type { LedgerListRow } from "../../../api/admin/bnpl/loans/ledger-view"
import { isPaid } from "../../../lib/service/loan-payment"
import { formatFor } from "../../lib/format"
import { useRefundInFull, useRetryCompletion } from "../../lib/ledger-api"
import { messageOf } from "../../lib/sdk"

export interface RowActions {
  for(row: LedgerListRow): DataTableAction<LedgerListRow>[]
}

/**
 * Which rows offer actions: a loan on the attention list, and a paid loan that no order holds
 * yet; either can have its cart completed again, or be refunded in full. An ordered loan is
 * refunded through Medusa's own order page; a final one has nothing left to do.
 */
function actionable(row: LedgerListRow): boolean {
  if (row.state === "needs_attention") return true
  return row.state === "open" && isPaid({ status: row.loan_status })
}

/** `onSettleRefunds` opens the book of a listed loan (settle-refunds.tsx). */
export function useRowActions(onSettleRefunds: (row: LedgerListRow) => void): RowActions {
  const { t, i18n } = useTranslation()
  const prompt = usePrompt()
  // `mutate` is stable across renders; the mutation objects are not.
  const { mutate: retry } = useRetryCompletion()
  const { mutate: refund } = useRefundInFull()

  return useMemo(() => {
    const format = formatFor(i18n.language)
    const failed = (row: LedgerListRow) => (error: unknown) =>
      toast.error(t("bnpl.loans.actionFailed", { loanId: row.loan_id, message: messageOf(error) }))

    const retryRow = (row: LedgerListRow) =>
      retry(row.id, {
        onSuccess: ({ loan }) =>
          toast.success(t("bnpl.loans.retried", { loanId: row.loan_id, state: t(`bnpl.ledgerState.${loan.state}`, { defaultValue: loan.state }) })),
        onError: failed(row),
      })

    // Irreversible at the service: ask first, with the amount in the admin's words.
    const refundRow = async (row: LedgerListRow) => {
      const amount = format.money(row.amount, row.currency_code)
      const confirmed = await prompt({
        title: t("bnpl.loans.refundPrompt.title", { loanId: row.loan_id }),
        description: t("bnpl.loans.refundPrompt.description", { amount }),
        confirmText: t("bnpl.loans.refundPrompt.confirm"),
        cancelText: t("bnpl.loans.refundPrompt.cancel"),
        variant: "danger",
      })
      if (!confirmed) return
      refund(row.id, {
        onSuccess: ({ loan }) =>
          toast.success(
            t("bnpl.loans.refunded", {
              loanId: row.loan_id,
              state: t(`bnpl.ledgerState.${loan.state}`, { defaultValue: loan.state }),
              amount: format.money(loan.refunded_at_service, row.currency_code),
            }),
          ),
        onError: failed(row),
      })
    }

    return {
      for: (row) =>
        actionable(row)
          ? [
              { label: t("bnpl.loans.retryCompletion"), icon: <ArrowPath />, onClick: () => retryRow(row) },
              { label: t("bnpl.loans.refundInFull"), icon: <ArrowUturnLeft />, onClick: () => void refundRow(row) },
              ...(row.state === "needs_attention"
                ? [{ label: t("bnpl.book.action"), icon: <ReceiptPercent />, onClick: () => onSettleRefunds(row) }]
                : []),
            ]
          : [],
    }
  }, [t, i18n.language, prompt, retry, refund, onSettleRefunds])
}
