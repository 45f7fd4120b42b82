import { Button, Drawer, Input, Label, Text, toast } from "@medusajs/ui"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import type { LedgerLoanJson } from "../../../api/admin/bnpl/loans/ledger-view"
import { formatFor } from "../../lib/format"
import { type BookEntryJson, useBookRefunds, useSettleRefund } from "../../lib/ledger-api"
import { messageOf } from "../../lib/sdk"

const WAITING = new Set<BookEntryJson["state"]>(["open", "unknown", "sending"])

/**
 * The refunds of a loan that the plugin's book cannot account for (made in the service's
 * portal, of unknown amount; or a lost reply), each recorded with its amount or dismissed with
 * a reason, in one action. Recording never calls the service: the money already left there.
 */
export function SettleRefundsDrawer({ row, onClose }: { row?: LedgerLoanJson; onClose: () => void }) {
  const { t } = useTranslation()
  const book = useBookRefunds(row?.id)
  const waiting = (book.data?.refunds ?? []).filter((entry) => WAITING.has(entry.state))
  return (
    <Drawer open={!!row} onOpenChange={(open) => !open && onClose()}>
      <Drawer.Content data-testid="bnpl-settle-refunds">
        <Drawer.Header>
          <Drawer.Title>{t("bnpl.book.title", { loanId: row?.loan_id })}</Drawer.Title>
        </Drawer.Header>
        <Drawer.Body className="flex flex-col gap-y-6">
          <Text size="small" className="text-ui-fg-subtle">
            {t("bnpl.book.explain")}
          </Text>
          {book.isSuccess && !waiting.length && <Text size="small">{t("bnpl.book.none")}</Text>}
          {row && waiting.map((entry) => <EntryForm key={entry.id} row={row} entry={entry} />)}
        </Drawer.Body>
      </Drawer.Content>
    </Drawer>
  )
}

function EntryForm({ row, entry }: { row: LedgerLoanJson; entry: BookEntryJson }) {
  const { t, i18n } = useTranslation()
  const format = formatFor(i18n.language)
  const [amount, setAmount] = useState(entry.amount === null ? "" : entry.amount.toFixed(2))
  const [reason, setReason] = useState("")
  const { mutate: settle, isPending } = useSettleRefund()
  const done = (key: string) => ({
    onSuccess: () => toast.success(t(key, { loanId: row.loan_id })),
    onError: (error: unknown) => toast.error(t("bnpl.loans.actionFailed", { loanId: row.loan_id, message: messageOf(error) })),
  })
  const when = entry.refund_date ? format.date(entry.refund_date) : "—"
  return (
    <div className="flex flex-col gap-y-3 rounded-md border p-4" data-testid="bnpl-book-entry">
      <Text size="small" weight="plus">
        {entry.kind === "outside"
          ? t("bnpl.book.outside", { when })
          : t("bnpl.book.unknown", { amount: format.money(entry.amount ?? 0, row.currency_code), when })}
      </Text>
      <div className="flex items-end gap-x-2">
        <div className="flex flex-1 flex-col gap-y-1">
          <Label size="small" htmlFor={`amount-${entry.id}`}>
            {t("bnpl.book.amount", { currency: row.currency_code.toUpperCase() })}
          </Label>
          <Input
            id={`amount-${entry.id}`}
            size="small"
            inputMode="decimal"
            placeholder="250.00"
            value={amount}
            onChange={(e) => setAmount(e.target.value.trim())}
          />
        </div>
        <Button
          size="small"
          disabled={isPending || !amount}
          onClick={() => settle({ ledgerId: row.id, entryId: entry.id, action: "record", amount }, done("bnpl.book.recorded"))}
        >
          {t("bnpl.book.record")}
        </Button>
      </div>
      <div className="flex items-end gap-x-2">
        <div className="flex flex-1 flex-col gap-y-1">
          <Label size="small" htmlFor={`reason-${entry.id}`}>
            {t(entry.kind === "outside" ? "bnpl.book.reason" : "bnpl.book.reasonNotHappened")}
          </Label>
          <Input id={`reason-${entry.id}`} size="small" value={reason} onChange={(e) => setReason(e.target.value)} />
        </div>
        <Button
          size="small"
          variant="secondary"
          disabled={isPending || reason.trim().length < 3}
          onClick={() => settle({ ledgerId: row.id, entryId: entry.id, action: "dismiss", reason: reason.trim() }, done("bnpl.book.dismissed"))}
        >
          {t("bnpl.book.dismiss")}
        </Button>
      </div>
    </div>
  )
}
