import { defineRouteConfig } from "@medusajs/admin-sdk"
import { ChartBar } from "@medusajs/icons"
import { Button, Container, Heading, Text } from "@medusajs/ui"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import type { ActivityJson } from "../../../api/admin/bnpl/activity/activity-view"
import { type Series, StackedBars } from "../../components/activity/stacked-bars"
import { useActivity } from "../../lib/activity-api"
import { messageOf } from "../../lib/sdk"

const RANGES = [7, 14, 30] as const
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)

/**
 * The plugin's activity per day, read from the ledger (GET /admin/bnpl/activity): loans made by
 * channel, webhook deliveries by outcome, refunds by state, and what reconciliation settled.
 * The same quantities as the OpenTelemetry metrics (docs/observability.md), for a store
 * without a metrics backend.
 */
const ActivityPage = () => {
  const { t } = useTranslation()
  const [days, setDays] = useState<number>(14)
  const activity = useActivity(days)
  const data = activity.data?.activity
  return (
    <Container className="divide-y p-0" data-testid="bnpl-activity-page">
      <div className="flex items-start justify-between gap-x-4 px-6 py-4">
        <div>
          <Heading>{t("bnpl.activity.title")}</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            {t("bnpl.activity.subtitle")}
          </Text>
        </div>
        <div className="flex gap-x-1">
          {RANGES.map((range) => (
            <Button
              key={range}
              size="small"
              className="whitespace-nowrap"
              variant={range === days ? "primary" : "secondary"}
              onClick={() => setDays(range)}
            >
              {t("bnpl.activity.days", { count: range })}
            </Button>
          ))}
        </div>
      </div>
      {activity.error && (
        <div className="px-6 py-3" role="alert">
          <Text size="small" className="text-ui-fg-error">
            {t("bnpl.activity.loadFailed", { message: messageOf(activity.error) })}
          </Text>
        </div>
      )}
      {data && <Charts data={data} />}
    </Container>
  )
}

function Charts({ data }: { data: ActivityJson }) {
  const { t } = useTranslation()
  const named = (record: Record<string, number[]>, label: (key: string) => string): Series[] =>
    Object.entries(record).map(([key, values]) => ({ key, label: label(key), values }))
  const runs = data.reconciliations
  const longest = Math.max(0, ...runs.longest_seconds.map((seconds) => seconds ?? 0))
  return (
    <>
      <Chart title={t("bnpl.activity.loans")}>
        <StackedBars
          days={data.days}
          series={named(data.loans_created, (key) => t(`bnpl.activity.channel.${key}`))}
          testId="bnpl-activity-loans"
          empty={t("bnpl.activity.empty")}
        />
      </Chart>
      <Chart title={t("bnpl.activity.deliveries")}>
        <StackedBars
          days={data.days}
          series={named(data.webhook_deliveries, (key) => t(`bnpl.deliveries.outcome.${key}`, { defaultValue: key }))}
          testId="bnpl-activity-deliveries"
          empty={t("bnpl.activity.empty")}
        />
      </Chart>
      <Chart title={t("bnpl.activity.refunds")}>
        <StackedBars
          days={data.days}
          series={named(data.refunds, (key) => t(`bnpl.activity.refundState.${key}`, { defaultValue: key }))}
          testId="bnpl-activity-refunds"
          empty={t("bnpl.activity.empty")}
        />
      </Chart>
      <Chart
        title={t("bnpl.activity.reconciliation")}
        note={t("bnpl.activity.runs", { runs: sum(runs.runs), failed: sum(runs.failed_runs), longest: Math.round(longest) })}
      >
        <StackedBars
          days={data.days}
          series={[{ key: "settled", label: t("bnpl.activity.settled"), values: runs.settled }]}
          testId="bnpl-activity-reconciliation"
          empty={t("bnpl.activity.empty")}
        />
      </Chart>
    </>
  )
}

function Chart({ title, note, children }: { title: string; note?: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-y-2 px-6 py-4">
      <Text size="small" weight="plus">
        {title}
      </Text>
      {note && (
        <Text size="xsmall" className="text-ui-fg-subtle">
          {note}
        </Text>
      )}
      {children}
    </div>
  )
}

export const config = defineRouteConfig({
  label: "bnpl.menu.activity",
  translationNs: "translation",
  icon: ChartBar,
})

export default ActivityPage
