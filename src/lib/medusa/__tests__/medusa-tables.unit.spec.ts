import { parseEntityName } from "@medusajs/framework/utils"
import * as cartModels from "@medusajs/cart/dist/models"
import * as paymentModels from "@medusajs/payment/dist/models"
import { CartPaymentCollection } from "@medusajs/link-modules/dist/definitions/cart-payment-collection"
import { OrderPaymentCollection } from "@medusajs/link-modules/dist/definitions/order-payment-collection"
import { RegionPaymentProvider } from "@medusajs/link-modules/dist/definitions/region-payment-provider"
import { MEDUSA_TABLE_STATEMENTS } from "../medusa-tables"

type DmlModel = Parameters<typeof parseEntityName>[0]

/** A module's table as Medusa names it, with its columns as the model defines them: each property, and `<relation>_id` for a relation held by a foreign key. */
function columnsOf(model: DmlModel): [string, Set<string>] {
  const { tableName } = parseEntityName(model)
  const schema = model.parse().schema as Record<string, { type?: string }>
  const columns = Object.entries(schema).flatMap(([name, property]) =>
    ["belongsTo", "hasOneWithFK"].includes(property.type ?? "")
      ? [`${name}_id`]
      : ["hasMany", "hasOne", "manyToMany"].includes(property.type ?? "")
        ? []
        : [name],
  )
  return [tableName, new Set(columns)]
}

/** A link's table: its keys and the timestamps every link table has. */
const linkColumns = (link: { databaseConfig?: { tableName?: string }; primaryKeys?: string[] }): [string, Set<string>] => [
  link.databaseConfig!.tableName!,
  new Set([...(link.primaryKeys ?? []), "created_at", "updated_at", "deleted_at"]),
]

/** Medusa's tables the statements may name, with their columns, from the models and link definitions of the Medusa installed. */
const MEDUSA = new Map<string, Set<string>>([
  ...Object.values(cartModels as unknown as Record<string, DmlModel>).map(columnsOf),
  ...Object.values(paymentModels as unknown as Record<string, DmlModel>).map(columnsOf),
  linkColumns(CartPaymentCollection),
  linkColumns(OrderPaymentCollection),
  linkColumns(RegionPaymentProvider),
])

/** The tables a statement reads (`from <table> [alias]`), and the columns it names through a table's alias. */
function namesIn(sql: string): { tables: string[]; columns: Array<{ tables: string[]; column: string }> } {
  const aliases = new Map<string, string[]>()
  const tables: string[] = []
  for (const [, table, alias] of sql.matchAll(/\bfrom\s+([a-z_]+)(?:\s+(?!where\b)([a-z_]+))?/g)) {
    tables.push(table)
    if (alias) aliases.set(alias, [...(aliases.get(alias) ?? []), table])
  }
  // An alias reused in two subqueries names a column of either table.
  const columns = [...sql.matchAll(/\b([a-z_]+)\.([a-z_]+)\b/g)].flatMap(([, alias, column]) => {
    const named = aliases.get(alias)
    return named ? [{ tables: named, column }] : []
  })
  return { tables, columns }
}

const missing = (columns: ReturnType<typeof namesIn>["columns"]) =>
  columns
    .filter(({ tables, column }) => !tables.some((table) => MEDUSA.get(table)?.has(column)))
    .map(({ tables, column }) => `${tables.join("|")}.${column}`)

describe("MEDUSA_TABLE_STATEMENTS: the SQL on Medusa's tables names what Medusa's models define", () => {
  // The http test (route-contracts.spec.ts) plans each statement on the migrated database; this
  // one says which name moved, without a database, from the models of the Medusa installed.
  it.each(Object.entries(MEDUSA_TABLE_STATEMENTS))("%s: every table it reads, and every column it names through an alias", (_name, { sql }) => {
    const { tables, columns } = namesIn(sql)
    expect(tables.length).toBeGreaterThan(0)
    expect(tables.filter((table) => !MEDUSA.has(table))).toEqual([])
    expect(missing(columns)).toEqual([])
  })

  it("finds a column Medusa's model does not have", () => {
    const { columns } = namesIn("select li.subtitel from cart_line_item li")
    expect(missing(columns)).toEqual(["cart_line_item.subtitel"])
  })
})
