import { defineRouteConfig } from "@medusajs/admin-sdk"
import { ShieldCheck } from "@medusajs/icons"
import { Button, Container, Heading, StatusBadge, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { Link } from "react-router-dom"
import type { CheckResult } from "../../../diagnosis/types"
import { ActivityFigures } from "../../components/activity/activity-figures"
import { useDiagnosis } from "../../lib/diagnosis-api"
import { messageOf } from "../../lib/sdk"

const STATUS_COLOR = { ok: "green", warn: "orange", fail: "red" } as const

/**
 * Whether the plugin can take payments here and now: every check of GET /admin/bnpl/diagnosis,
 * its finding and, when it is not ok, what to change; beside them, the last 7 days' figures, so a
 * check that fails can be read against what the ledger saw. Beside the loans page in the admin's menu.
 */
const DiagnosisPage = () => {
  const { t } = useTranslation()
  const diagnosis = useDiagnosis()
  const checks = diagnosis.data?.checks ?? []
  return (
    <Container className="divide-y p-0" data-testid="bnpl-diagnosis-page">
      <div className="flex items-start justify-between gap-x-4 px-6 py-4">
        <div>
          <Heading>{t("bnpl.diagnosis.title")}</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            {t("bnpl.diagnosis.subtitle")}
          </Text>
        </div>
        <Button
          size="small"
          variant="secondary"
          isLoading={diagnosis.isFetching}
          onClick={() => void diagnosis.refetch()}
          data-testid="bnpl-diagnosis-run"
        >
          {t("bnpl.diagnosis.runAgain")}
        </Button>
      </div>
      {diagnosis.error && (
        <div className="px-6 py-3" role="alert">
          <Text size="small" className="text-ui-fg-error">
            {t("bnpl.diagnosis.loadFailed", { message: messageOf(diagnosis.error) })}
          </Text>
        </div>
      )}
      {diagnosis.isLoading && (
        <div className="px-6 py-4">
          <Text size="small" className="text-ui-fg-subtle">
            {t("bnpl.diagnosis.running")}
          </Text>
        </div>
      )}
      <div className="grid grid-cols-1 divide-y lg:grid-cols-2 lg:divide-x lg:divide-y-0">
        <div className="divide-y">
          {checks.map((check) => (
            <CheckRow key={check.id} check={check} />
          ))}
        </div>
        <div className="divide-y" data-testid="bnpl-diagnosis-figures">
          <div className="px-6 py-4">
            <Text size="small" weight="plus">
              {t("bnpl.activity.title")}
            </Text>
            <Text size="xsmall" className="text-ui-fg-subtle">
              {t("bnpl.activity.subtitle")}
            </Text>
          </div>
          <ActivityFigures more />
        </div>
      </div>
    </Container>
  )
}

function CheckRow({ check }: { check: CheckResult }) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col gap-y-1 px-6 py-4" data-testid={`bnpl-check-${check.id}`} data-status={check.status}>
      <div className="flex items-center justify-between gap-x-4">
        <Text size="small" weight="plus" leading="compact">
          {t(`bnpl.diagnosis.check.${check.id}`, { defaultValue: check.id })}
        </Text>
        <StatusBadge color={STATUS_COLOR[check.status]} data-testid={`bnpl-check-${check.id}-status`}>
          {t(`bnpl.diagnosis.status.${check.status}`)}
        </StatusBadge>
      </div>
      <Text size="small" leading="compact" className="text-ui-fg-subtle" data-testid={`bnpl-check-${check.id}-detail`}>
        {check.detail}
      </Text>
      {check.fix && (
        <Text
          size="small"
          leading="compact"
          className={check.status === "fail" ? "text-ui-fg-error" : undefined}
          data-testid={`bnpl-check-${check.id}-fix`}
        >
          {`${t("bnpl.diagnosis.fix")}: ${check.fix}`}
        </Text>
      )}
      {check.link && (
        <Link to={check.link} className="text-ui-fg-interactive txt-compact-small">
          {t("bnpl.diagnosis.open")}
        </Link>
      )}
    </div>
  )
}

export const config = defineRouteConfig({
  label: "bnpl.menu.diagnosis",
  translationNs: "translation",
  icon: ShieldCheck,
})

export default DiagnosisPage
