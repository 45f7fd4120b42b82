import { Table, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import type { ActivityJson } from "../../../api/admin/bnpl/activity/activity-view"
import { useActivity } from "../../lib/activity-api"
import { messageOf } from "../../lib/sdk"
import { type Series, StackedBars } from "./stacked-bars"

/** The figures' window: a week is what a merchant compares day by day. */
export const FIGURE_DAYS = 7

/**
 * The ledger's last 7 days (GET /admin/bnpl/activity): loans by day and the state they are in,
 * the paid → order delay per day, and the unclear refunds and attention list over time. The same
 * quantities as the OpenTelemetry metrics (docs/observability.md), for a store without a metrics
 * backend. On the loans page, and beside the diagnosis page's checks; `more` adds the webhook
 * deliveries and reconciliation runs there.
 */
export function ActivityFigures({ more = false }: { more?: boolean }) {
  const { t } = useTranslation()
  const activity = useActivity(FIGURE_DAYS)
  const data = activity.data?.activity
  if (activity.error) {
    return (
      <div className="px-6 py-3" role="alert">
        <Text size="small" className="text-ui-fg-error">
          {t("bnpl.activity.loadFailed", { message: messageOf(activity.error) })}
        </Text>
      </div>
    )
  }
  if (!data) return null
  const named = (record: Record<string, number[]>, label: (key: string) => string): Series[] =>
    Object.entries(record).map(([key, values]) => ({ key, label: label(key), values }))
  // A day no reconciliation run counted has no bar.
  const known = (values: Array<number | null>) => values.map((value) => value ?? 0)
  return (
    <div className="flex flex-col divide-y" data-testid="bnpl-activity">
      <Figure title={t("bnpl.activity.loanStates")}>
        <StackedBars
          days={data.days}
          series={named(data.loans_by_state, (key) => t(`bnpl.ledgerState.${key}`, { defaultValue: key }))}
          testId="bnpl-activity-loan-states"
          empty={t("bnpl.activity.empty")}
        />
      </Figure>
      <Figure title={t("bnpl.activity.delay")} note={t("bnpl.activity.delayNote")}>
        <DelayTable data={data} />
      </Figure>
      <Figure title={t("bnpl.activity.attention")} note={t("bnpl.activity.attentionNote")}>
        <StackedBars
          days={data.days}
          series={[
            { key: "unclear", label: t("bnpl.activity.unclearRefunds"), values: known(data.watched.unclear_refunds) },
            { key: "attention", label: t("bnpl.activity.attentionListed"), values: known(data.watched.attention) },
          ]}
          testId="bnpl-activity-attention"
          empty={t("bnpl.activity.empty")}
        />
      </Figure>
      {more && <MoreFigures data={data} />}
    </div>
  )
}

/** Per day, newest first: orders from paid loans, and the median and p95 wait. */
function DelayTable({ data }: { data: ActivityJson }) {
  const { t } = useTranslation()
  const delay = data.paid_to_order
  const seconds = (value: number | null) => (value === null ? "—" : t("bnpl.activity.seconds", { value }))
  const rows = data.days.map((day, i) => ({ day, i })).reverse()
  return (
    <Table data-testid="bnpl-activity-delay">
      <Table.Header>
        <Table.Row>
          <Table.HeaderCell>{t("bnpl.activity.day")}</Table.HeaderCell>
          <Table.HeaderCell className="text-right">{t("bnpl.activity.orders")}</Table.HeaderCell>
          <Table.HeaderCell className="text-right">{t("bnpl.activity.median")}</Table.HeaderCell>
          <Table.HeaderCell className="text-right">{t("bnpl.activity.p95")}</Table.HeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map(({ day, i }) => (
          <Table.Row key={day} data-day={day}>
            <Table.Cell>{day}</Table.Cell>
            <Table.Cell className="text-right" data-testid={`bnpl-delay-${day}-orders`}>
              {delay.orders[i]}
            </Table.Cell>
            <Table.Cell className="text-right" data-testid={`bnpl-delay-${day}-median`} data-value={delay.median_seconds[i] ?? ""}>
              {seconds(delay.median_seconds[i])}
            </Table.Cell>
            <Table.Cell className="text-right" data-testid={`bnpl-delay-${day}-p95`} data-value={delay.p95_seconds[i] ?? ""}>
              {seconds(delay.p95_seconds[i])}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table>
  )
}

/** What the diagnosis page adds: whether webhooks arrive and how they fare, and what reconciliation settles. */
function MoreFigures({ data }: { data: ActivityJson }) {
  const { t } = useTranslation()
  const runs = data.reconciliations
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)
  const longest = Math.max(0, ...runs.longest_seconds.map((value) => value ?? 0))
  return (
    <>
      <Figure title={t("bnpl.activity.deliveries")}>
        <StackedBars
          days={data.days}
          series={Object.entries(data.webhook_deliveries).map(([key, values]) => ({
            key,
            label: t(`bnpl.deliveries.outcome.${key}`, { defaultValue: key }),
            values,
          }))}
          testId="bnpl-activity-deliveries"
          empty={t("bnpl.activity.empty")}
        />
      </Figure>
      <Figure
        title={t("bnpl.activity.reconciliation")}
        note={t("bnpl.activity.runs", { runs: sum(runs.runs), failed: sum(runs.failed_runs), longest: Math.round(longest) })}
      >
        <StackedBars
          days={data.days}
          series={[{ key: "settled", label: t("bnpl.activity.settled"), values: runs.settled }]}
          testId="bnpl-activity-reconciliation"
          empty={t("bnpl.activity.empty")}
        />
      </Figure>
    </>
  )
}

function Figure({ title, note, children }: { title: string; note?: string; children: React.ReactNode }) {
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
