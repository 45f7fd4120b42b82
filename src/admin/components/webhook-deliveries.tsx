import { StatusBadge, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import type { WebhookDeliveryJson } from "../../api/admin/bnpl/webhook-deliveries/delivery-view"
import { formatFor } from "../lib/format"
import { useWebhookDeliveries } from "../lib/webhook-deliveries-api"

const color = (delivery: WebhookDeliveryJson) => (delivery.http_status === 200 ? "green" : delivery.http_status >= 500 ? "orange" : "red")

/** The webhook's deliveries naming one loan, as the route recorded them: when, auth, outcome, status. */
export function WebhookDeliveries({ loanId }: { loanId: number }) {
  const { t, i18n } = useTranslation()
  const deliveries = useWebhookDeliveries(loanId)
  const format = formatFor(i18n.language)
  const rows = deliveries.data?.deliveries ?? []
  return (
    <div className="px-6 py-4" data-testid="bnpl-webhook-deliveries">
      <Text size="small" weight="plus" leading="compact" className="mb-2">
        {t("bnpl.deliveries.title")}
      </Text>
      {deliveries.isSuccess && rows.length === 0 && (
        <Text size="small" leading="compact" className="text-ui-fg-subtle">
          {t("bnpl.deliveries.none")}
        </Text>
      )}
      <ul className="text-ui-fg-subtle flex flex-col gap-y-2">
        {rows.map((delivery) => (
          <li key={delivery.id} className="flex flex-col gap-y-0.5" data-testid="bnpl-webhook-delivery">
            <span className="flex items-center justify-between gap-x-2">
              <Text size="small" leading="compact">
                {format.date(delivery.received_at)}
              </Text>
              <StatusBadge
                color={color(delivery)}
              >{`${delivery.http_status} · ${t(`bnpl.deliveries.outcome.${delivery.outcome}`, { defaultValue: delivery.outcome })}`}</StatusBadge>
            </span>
            <Text size="xsmall" leading="compact">
              {`${t("bnpl.deliveries.auth")}: ${t(`bnpl.deliveries.authResult.${delivery.auth}`)}${delivery.reason ? ` · ${delivery.reason}` : ""}`}
            </Text>
          </li>
        ))}
      </ul>
    </div>
  )
}
