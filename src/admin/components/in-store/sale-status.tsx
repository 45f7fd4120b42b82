import { Badge, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import type { InStoreSaleJson } from "../../../api/admin/bnpl/orders/in-store-view"

/** Where the link went ("sent to 55 1234 5678 by WhatsApp") or the QR to scan, the link itself, and the loan's live status. */
export function SaleStatus({ sale }: { sale: InStoreSaleJson }) {
  const { t } = useTranslation()
  const status = sale.status ?? (sale.status_error ? "UNREACHABLE" : "UNKNOWN")
  return (
    <div className="flex flex-col gap-y-2" data-testid="bnpl-in-store-sale">
      <div className="flex items-center justify-between">
        <Text size="small" leading="compact" weight="plus">
          {t("bnpl.inStore.loan", { loanId: sale.loan_id })}
        </Text>
        <Badge size="2xsmall" color={status === "OUTSTANDING" ? "green" : status === "REQUEST" ? "orange" : "grey"}>
          {t(`bnpl.inStore.status.${status}`)}
        </Badge>
      </div>
      <Text size="small" leading="compact" className="text-ui-fg-subtle">
        {sale.channel === "q"
          ? t("bnpl.inStore.shownAsQr", { phone: sale.phone_display })
          : t("bnpl.inStore.sentTo", { phone: sale.phone_display, channel: t(`bnpl.inStore.channels.${sale.channel}`) })}
      </Text>
      {sale.authorized ? (
        <Text size="small" leading="compact" data-testid="bnpl-in-store-confirmed">
          {t("bnpl.inStore.confirmed")}
        </Text>
      ) : null}
      {sale.qr && status === "REQUEST" ? (
        <img src={sale.qr} alt={t("bnpl.inStore.qrAlt")} className="w-48 self-center" data-testid="bnpl-in-store-qr" />
      ) : null}
      {sale.url && status === "REQUEST" ? (
        <Text size="small" leading="compact" className="break-all">
          <a href={sale.url} target="_blank" rel="noreferrer" className="text-ui-fg-interactive" data-testid="bnpl-in-store-link">
            {sale.url}
          </a>
        </Text>
      ) : null}
    </div>
  )
}
