import { Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import type { RefundRecord } from "../../../lib/service/wire"
import type { Format } from "../../lib/format"

/** The service's refund history as it reports it: a status and a date per refund, no amount (Medusa's own refund list shows those). */
export function Refunds({ refunds, format }: { refunds: RefundRecord[]; format: Format }) {
  const { t } = useTranslation()
  return (
    <div className="px-6 py-4" data-testid="bnpl-loan-refunds">
      <Text size="small" weight="plus" leading="compact" className="mb-2">
        {t("bnpl.widget.refunds")}
      </Text>
      {refunds.length === 0 ? (
        <Text size="small" leading="compact" className="text-ui-fg-subtle">
          {t("bnpl.widget.noRefunds")}
        </Text>
      ) : (
        <ul className="text-ui-fg-subtle flex flex-col gap-y-1">
          {refunds.map((refund, index) => (
            <li key={index} className="flex justify-between gap-x-2" data-testid="bnpl-loan-refund">
              <Text size="small" leading="compact">{`${t(`bnpl.widget.refundStatus.${refund.status}`)} · ${format.date(refund.refundDate)}`}</Text>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
