import { readdirSync, readFileSync } from "node:fs"
import { join, relative, resolve, sep } from "node:path"
import ts from "typescript"

/**
 * The ledger has one writer, the module's service (../service.ts), and its changes are made from
 * workflow steps. Read with TypeScript's parser, so comments and strings do not count:
 * - no file outside this module calls a generated write method (`createBnplLoans`,
 *   `updateBnplRefunds`, …) or reaches the ledger's tables with SQL;
 * - the service's changes of a loan's row or of the book, and the helpers that make them
 *   (src/lib/ledger's rows, src/lib/money's book of refunds), are called only from src/workflows
 *   (steps) and those two folders: routes, middlewares, subscribers, jobs and reconciliation start
 *   workflows.
 */
const MODULE = resolve(__dirname, "..")
const SRC = resolve(MODULE, "..", "..")
const SOURCE = /\.tsx?$/

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === "__tests__" ? [] : sourceFiles(path)
    return SOURCE.test(entry.name) ? [path] : []
  })
}

const parse = (file: string) => ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true)

/** Every call in a file: the called name (`x.name(…)` or `name(…)`) and its line. */
function callsIn(file: string): Array<{ name: string; line: number }> {
  const calls: Array<{ name: string; line: number }> = []
  const source = parse(file)
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression
      const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : undefined
      if (name) calls.push({ name, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return calls
}

/** The service's public methods, by how the class declares them. */
function serviceMethods(): string[] {
  const source = parse(join(MODULE, "service.ts"))
  const names: string[] = []
  source.forEachChild((node) => {
    if (!ts.isClassDeclaration(node)) return
    for (const member of node.members) {
      const isPrivate = ts.getModifiers(member as ts.MethodDeclaration)?.some((m) => m.kind === ts.SyntaxKind.PrivateKeyword)
      if (ts.isMethodDeclaration(member) && ts.isIdentifier(member.name) && !isPrivate) names.push(member.name.text)
    }
  })
  return names
}

const READS = new Set([
  "listUndecidedLoansPaying",
  "findLoan",
  "sessionsWithRows",
  "listUnsettledLoanRequests",
  "findLoanRequest",
  "countActivitySince",
  "countWatched",
])
/** Logs, not the ledger: written where the run or the delivery happens. */
const LOGS = new Set(["startReconciliationRun", "beatReconciliationRun", "finishReconciliationRun", "recordWebhookDelivery", "pruneLogs"])
/** The helpers of src/lib/ledger and src/lib/money that change the ledger through the service. */
const HELPERS = [
  "recordNewLoan",
  "recordLoanOfSession",
  "ensureLoanRow",
  "recordHeldBy",
  "recordCompletionFailure",
  "undoLoanChange",
  "bookedRefund",
  "bookOutsideRefunds",
  "bookMedusaRefunds",
  "refundLoanInFull",
]
const GENERATED_WRITE = /^(create|update|delete|softDelete|restore|upsert)Bnpl/
const where = (file: string) => relative(SRC, file).split(sep).join("/")
const outside = (file: string, dirs: string[]) => !dirs.some((dir) => where(file).startsWith(`${dir}/`))

describe("one writer for the ledger", () => {
  const files = sourceFiles(SRC).filter((file) => outside(file, ["modules/bnpl"]))
  const changes = serviceMethods().filter((name) => !READS.has(name) && !LOGS.has(name))

  it("finds the service's changes to guard (the parse works)", () => {
    expect(changes).toEqual(expect.arrayContaining(["recordOrdered", "recordCompletionFailure", "bookRefundRequest", "undoLoanChange"]))
    expect(files.length).toBeGreaterThan(50)
  })

  it("no file outside the module writes through a generated method or SQL on the ledger's tables", () => {
    const found = files.flatMap((file) => {
      const calls = callsIn(file).filter((call) => GENERATED_WRITE.test(call.name) || call.name === "ledgerTable")
      const sql = /\(\s*["'`]bnpl_(loan|refund)["'`]\s*\)/.test(readFileSync(file, "utf8")) ? [{ name: "SQL on bnpl_*", line: 0 }] : []
      return [...calls, ...sql].map((call) => `${where(file)}:${call.line} ${call.name}`)
    })
    expect(found).toEqual([])
  })

  it("the ledger's changes are made from workflow steps only: routes, subscribers, jobs and reconciliation start workflows", () => {
    const guarded = new Set([...changes, ...HELPERS])
    const found = files
      .filter((file) => outside(file, ["workflows", "lib/ledger", "lib/money"]))
      .flatMap((file) =>
        callsIn(file)
          .filter((call) => guarded.has(call.name))
          .map((call) => `${where(file)}:${call.line} ${call.name}`),
      )
    expect(found).toEqual([])
  })
})

/**
 * What reaches the payment provider besides Medusa's arguments (docs/architecture.md, "What the plugin
 * keeps in a process"): the one read of Medusa's application container, through which the provider
 * finds the hand-overs of lib/provider-channel/hand-over.ts, set around a Medusa workflow the plugin
 * runs. A new place that sets one or a new reader fails here until it is named there.
 */
describe("the hand-overs to the provider", () => {
  const files = sourceFiles(SRC)
  const sitesOf = (names: string[]) =>
    Object.fromEntries(
      names.map((name) => [
        name,
        files
          .filter((file) => callsIn(file).some((call) => call.name === name))
          .map(where)
          .sort(),
      ]),
    )

  it("no async context: nothing reaches the provider through the call stack", () => {
    expect(files.filter((file) => /\bAsyncLocalStorage\b/.test(readFileSync(file, "utf8"))).map(where)).toEqual([])
  })

  it("set where the plugin runs Medusa's workflows that call the provider, read by the provider only", () => {
    expect(sitesOf(["withHandOver"])).toEqual({
      withHandOver: [
        "api/admin/orders/cancel-with-loans.ts",
        "api/admin/payments/book-refund.ts",
        "api/store/carts/roll-forward-before-completion.ts",
        "workflows/refund-received-return.ts",
        "workflows/steps/authorize-loan-session.ts",
        "workflows/steps/refund-captured-through-medusa.ts",
      ],
    })
    expect(sitesOf(["handedRefundSender", "confirmedLoan"])).toEqual({
      handedRefundSender: ["providers/bnpl/service.ts"],
      confirmedLoan: ["providers/bnpl/service.ts"],
    })
  })

  it("Medusa's application container is read in one place, the provider's channel to the ledger", () => {
    const readers = files.filter((file) => /import\(\s*["']@medusajs\/framework["']\s*\)/.test(readFileSync(file, "utf8"))).map(where)
    const imports = files
      .filter((file) => /import\s*\{[^}]*\bcontainer\b[^}]*\}\s*from\s*["']@medusajs\/framework["']/.test(readFileSync(file, "utf8")))
      .map(where)
    expect([...readers, ...imports]).toEqual(["lib/provider-channel/application-container.ts"])
  })
})
