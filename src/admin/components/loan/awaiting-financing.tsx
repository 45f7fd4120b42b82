import { StatusBadge, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"

/** An order placed before its financing: not to be shipped until the loan's first installment is paid. */
export function AwaitingFinancing({ checkoutUrl }: { checkoutUrl: string | null }) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col gap-y-1 px-6 py-4" data-testid="bnpl-loan-awaiting-financing">
      <StatusBadge color="orange">{t("bnpl.widget.awaitingFinancing")}</StatusBadge>
      <Text size="small" leading="compact" className="text-ui-fg-subtle">
        {t("bnpl.widget.awaitingFinancingHelp")}
      </Text>
      {checkoutUrl && (
        <Text size="small" leading="compact" className="break-all">
          {`${t("bnpl.widget.checkoutLink")}: `}
          <a href={checkoutUrl} target="_blank" rel="noreferrer" className="text-ui-fg-interactive" data-testid="bnpl-loan-checkout-link">
            {checkoutUrl}
          </a>
        </Text>
      )}
    </div>
  )
}
