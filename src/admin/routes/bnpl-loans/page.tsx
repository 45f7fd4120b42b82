import { defineRouteConfig } from "@medusajs/admin-sdk"
import { CreditCard } from "@medusajs/icons"
import {
  Button,
  Container,
  Drawer,
  DataTable,
  type DataTableFilteringState,
  type DataTablePaginationState,
  Heading,
  Text,
  createDataTableFilterHelper,
  useDataTable,
} from "@medusajs/ui"
import { useMemo, useState } from "react"
import { useTranslation } from "react-i18next"
import { useSearchParams } from "react-router-dom"
import { LEDGER_STATES, type LedgerStateName } from "../../../api/admin/bnpl/loans/ledger-states"
import type { LedgerListRow, LedgerLoanJson } from "../../../api/admin/bnpl/loans/ledger-view"
import { ActivityFigures } from "../../components/activity/activity-figures"
import { WebhookDeliveries } from "../../components/webhook-deliveries"
import { useAttentionCount, useLedger } from "../../lib/ledger-api"
import { messageOf } from "../../lib/sdk"
import { useLedgerColumns } from "./columns"
import { ReconcileButton } from "./reconcile-button"
import { useRowActions } from "./row-actions"
import { SettleRefundsDrawer } from "./settle-refunds"

const PAGE_SIZE = 20
const filter = createDataTableFilterHelper<LedgerListRow>()

const isState = (value: string | null): value is LedgerStateName => LEDGER_STATES.some((state) => state === value)

/**
 * The loan ledger in Medusa's admin: every loan the plugin created, its state,
 * and the attention list with its actions, under the last 7 days' figures. Laid out like Medusa's own lists
 * (DataTable with filters, search and pagination). `?state=` and `?q=` in the
 * address open it filtered, so the order widget can link to one loan.
 */
const LoansPage = () => {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const initialState = params.get("state")
  const [filtering, setFiltering] = useState<DataTableFilteringState>(isState(initialState) ? { state: initialState } : {})
  const [search, setSearch] = useState(params.get("q") ?? "")
  const [pagination, setPagination] = useState<DataTablePaginationState>({ pageIndex: 0, pageSize: PAGE_SIZE })
  // A row's click opens its loan's webhook deliveries beside the list.
  const [deliveriesOf, setDeliveriesOf] = useState<number>()

  const state = typeof filtering.state === "string" && isState(filtering.state) ? filtering.state : undefined
  const ledger = useLedger({ state, q: search.trim() || undefined, limit: pagination.pageSize, offset: pagination.pageIndex * pagination.pageSize })
  const attention = useAttentionCount()
  const [settling, setSettling] = useState<LedgerLoanJson>()
  const columns = useLedgerColumns(useRowActions(setSettling))
  const filters = useMemo(
    () => [
      filter.accessor("state", {
        type: "radio",
        label: t("bnpl.loans.filterState"),
        options: LEDGER_STATES.map((value) => ({ value, label: t(`bnpl.ledgerState.${value}`) })),
      }),
    ],
    [t],
  )

  const table = useDataTable({
    columns,
    data: ledger.data?.loans ?? [],
    getRowId: (row) => row.id,
    rowCount: ledger.data?.count ?? 0,
    isLoading: ledger.isLoading,
    filters,
    filtering: { state: filtering, onFilteringChange: setFiltering },
    search: { state: search, onSearchChange: setSearch },
    pagination: { state: pagination, onPaginationChange: setPagination },
    onRowClick: (_event, row) => setDeliveriesOf(row.loan_id),
  })

  return (
    <Container className="divide-y p-0" data-testid="bnpl-loans-page">
      <div className="flex items-start justify-between gap-x-4 px-6 py-4">
        <div>
          <Heading>{t("bnpl.loans.title")}</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            {t("bnpl.loans.subtitle")}
          </Text>
        </div>
        <ReconcileButton />
      </div>
      {!!attention.data && state !== "needs_attention" && (
        <div className="bg-ui-bg-subtle flex items-center justify-between px-6 py-3" data-testid="bnpl-attention-banner">
          <Text size="small" weight="plus" className="text-ui-fg-error">
            {t("bnpl.loans.attentionCount", { count: attention.data })}
          </Text>
          <Button size="small" variant="secondary" onClick={() => setFiltering({ state: "needs_attention" })} data-testid="bnpl-show-attention">
            {t("bnpl.loans.showAttention")}
          </Button>
        </div>
      )}
      {ledger.error && (
        <div className="px-6 py-3" role="alert">
          <Text size="small" className="text-ui-fg-error">
            {t("bnpl.loans.loadFailed", { message: messageOf(ledger.error) })}
          </Text>
        </div>
      )}
      <DataTable instance={table}>
        <DataTable.Toolbar className="flex flex-col items-start justify-between gap-2 md:flex-row md:items-center">
          <div />
          <div className="flex gap-2">
            <DataTable.FilterMenu tooltip={t("bnpl.loans.filterState")} />
            <DataTable.Search placeholder={t("bnpl.loans.search")} />
          </div>
        </DataTable.Toolbar>
        <DataTable.Table emptyState={{ empty: { heading: t("bnpl.loans.empty") }, filtered: { heading: t("bnpl.loans.empty") } }} />
        <DataTable.Pagination />
      </DataTable>
      <FiguresHeading />
      <ActivityFigures />
      <SettleRefundsDrawer row={settling} onClose={() => setSettling(undefined)} />
      <Drawer open={deliveriesOf !== undefined} onOpenChange={(open) => !open && setDeliveriesOf(undefined)}>
        <Drawer.Content>
          <Drawer.Header>
            <Drawer.Title>{t("bnpl.deliveries.show", { loanId: deliveriesOf })}</Drawer.Title>
          </Drawer.Header>
          <Drawer.Body className="p-0">{deliveriesOf !== undefined && <WebhookDeliveries loanId={deliveriesOf} />}</Drawer.Body>
        </Drawer.Content>
      </Drawer>
    </Container>
  )
}

function FiguresHeading() {
  const { t } = useTranslation()
  return (
    <div className="px-6 py-4">
      <Heading level="h2">{t("bnpl.activity.title")}</Heading>
      <Text size="small" className="text-ui-fg-subtle">
        {t("bnpl.activity.subtitle")}
      </Text>
    </div>
  )
}

export const config = defineRouteConfig({
  label: "bnpl.menu.loans",
  translationNs: "translation",
  icon: CreditCard,
})

export default LoansPage
