import { ContainerRegistrationKeys, Modules, remoteQueryObjectFromString } from "@medusajs/framework/utils"

/**
 * The contract of each Medusa route the plugin wraps (src/api/middlewares.ts; the table in
 * docs/architecture.md, "Medusa routes the plugin wraps"), read from Medusa's published modules in
 * node_modules/@medusajs/medusa/dist/api: what the plugin's middleware relies on, and nothing more.
 *
 * - Medusa still registers the route at the plugin's matcher and method, so the wrap wraps something.
 * - The body validator Medusa registers for it accepts and refuses what the plugin assumes, run as
 *   Medusa runs it (the route's `validateBody` middleware on a sample body).
 * - The route's handler runs the workflow the plugin expects, with the input the plugin expects
 *   (the workflows are recorders here, so another workflow or input fails the comparison), and
 *   answers only once that workflow has finished: the plugin's lock and refund sender last until the
 *   answer, so they must cover the workflow's work.
 * - The answer's shape, where the plugin answers in Medusa's place.
 *
 * What a whole request shows (the same answers from the plugin and from Medusa, on a real server)
 * is integration-tests/http/route-contracts.spec.ts.
 */

interface WorkflowCall {
  workflow: string
  input: unknown
}

const mockWorkflowCalls: WorkflowCall[] = []
/** What each recorded workflow answers, and a gate the test opens to let it finish. */
const mockWorkflowResults: Record<string, unknown> = {}
let mockGate: Promise<void> = Promise.resolve()

// Every `…Workflow` of core-flows is a recorder and every `…WorkflowId` its own name: a route that
// runs another workflow records another name.
jest.mock("@medusajs/core-flows", () => {
  const recorder = (workflow: string) => () => ({
    run: async ({ input }: { input: unknown }) => {
      mockWorkflowCalls.push({ workflow, input })
      await mockGate
      return { result: mockWorkflowResults[workflow] }
    },
  })
  return new Proxy(
    {},
    {
      get: (_target, name) => {
        if (typeof name !== "string") return undefined
        if (name.endsWith("WorkflowId")) return name
        if (name.endsWith("Workflow")) return recorder(name)
        return undefined
      },
    },
  )
})

type Middleware = (req: FakeRequest, res: unknown, next: (error?: unknown) => void) => unknown
interface RouteMiddlewares {
  matcher: string | RegExp
  method?: string | string[]
  middlewares?: Middleware[]
}
type Handler = (req: FakeRequest, res: FakeResponse) => Promise<void>

interface FakeRequest {
  params: Record<string, string>
  body?: unknown
  validatedBody?: unknown
  query: Record<string, unknown>
  queryConfig: { fields: string[]; pagination: Record<string, unknown> }
  filterableFields: Record<string, unknown>
  auth_context: { actor_id: string }
  scope: { resolve: (key: string) => unknown }
}

interface FakeResponse {
  status: (code: number) => FakeResponse
  json: (body: unknown) => void
  sent?: { status: number; body: unknown }
}

/** Medusa's published module at `api/<path>` (package export `./api/*`); what it requires goes through the mocks above. */
const medusaApi = <T extends object>(path: string): T => jest.requireActual<T>(`@medusajs/medusa/api/${path}`)

/** The middlewares Medusa registers for `method matcher` in the `api/<dir>/middlewares` module. */
function registered(dir: string, exportName: string, matcher: string, method: string): Middleware[] {
  const routes = medusaApi<Record<string, RouteMiddlewares[]>>(`${dir}/middlewares`)[exportName]
  const entry = routes?.find((route) => route.matcher === matcher && [route.method ?? []].flat().includes(method))
  if (!entry) throw new Error(`Medusa registers no ${method} ${matcher} in api/${dir}/middlewares (${exportName})`)
  return entry.middlewares ?? []
}

/** Runs Medusa's body validators of a route on `body`, as its router would: the error, or the validated body. */
async function validate(middlewares: Middleware[], body: unknown): Promise<{ error?: unknown; validatedBody?: unknown }> {
  const bodyValidators = middlewares.filter((middleware) => middleware.name === "validateBody")
  const req = { body } as FakeRequest
  for (const middleware of bodyValidators) {
    const error = await new Promise<unknown>((done) => void middleware(req, {}, done))
    if (error) return { error }
  }
  return { validatedBody: req.validatedBody }
}

interface Reads {
  graph: unknown[]
  remoteQuery: unknown[]
  workflowEngine: unknown[]
}

/** A request scope whose reads answer one record and are recorded. */
function fakeScope(reads: Reads): FakeRequest["scope"] {
  const services: Record<string, unknown> = {
    [ContainerRegistrationKeys.QUERY]: {
      graph: async (options: { entity: string }) => {
        reads.graph.push(options)
        return { data: [{ id: `${options.entity}_read` }], metadata: {} }
      },
    },
    [ContainerRegistrationKeys.REMOTE_QUERY]: async (query: unknown) => {
      reads.remoteQuery.push(query)
      return [{ id: "remote_read" }]
    },
    [Modules.ORDER]: { retrieveOrder: async (id: string) => ({ id }) },
    [Modules.WORKFLOW_ENGINE]: {
      run: async (workflowId: string, options: { input: unknown }) => {
        reads.workflowEngine.push({ workflowId, input: options.input })
        mockWorkflowCalls.push({ workflow: workflowId, input: options.input })
        await mockGate
        return { errors: [], result: mockWorkflowResults[workflowId], transaction: { hasFinished: () => true } }
      },
    },
  }
  return {
    resolve: (key: string) => {
      if (!(key in services)) throw new Error(`the route resolved ${key}, which this contract does not know`)
      return services[key]
    },
  }
}

interface Called {
  reads: Reads
  req: FakeRequest
  sent: FakeResponse["sent"]
  /** Whether the answer was sent while the workflow was still running. */
  answeredBeforeWorkflowEnded: boolean
}

/** Calls Medusa's route handler with a request its middlewares would have prepared; its workflow ends only when the handler is waiting on it. */
async function call(handler: Handler, request: Partial<FakeRequest>): Promise<Called> {
  const reads: Reads = { graph: [], remoteQuery: [], workflowEngine: [] }
  const req: FakeRequest = {
    params: {},
    query: {},
    queryConfig: { fields: ["id", "contract_field"], pagination: {} },
    filterableFields: {},
    auth_context: { actor_id: "user_contract" },
    scope: fakeScope(reads),
    ...request,
  }
  const res: FakeResponse = {
    status(code) {
      this.sent = { status: code, body: undefined }
      return this
    },
    json(body) {
      this.sent = { status: this.sent?.status ?? 200, body }
    },
  }
  let open!: () => void
  mockGate = new Promise((done) => (open = done))
  const handled = handler(req, res)
  // Let the handler run up to its workflow (and further, if it does not wait for it).
  for (let turn = 0; turn < 20; turn++) await new Promise((done) => setImmediate(done))
  const answeredBeforeWorkflowEnded = res.sent !== undefined
  open()
  await handled
  return { reads, req, sent: res.sent, answeredBeforeWorkflowEnded }
}

const keysOf = (value: unknown): string[] => Object.keys((value ?? {}) as object).sort()

beforeEach(() => {
  mockWorkflowCalls.length = 0
  for (const key of Object.keys(mockWorkflowResults)) delete mockWorkflowResults[key]
})

describe("POST /store/payment-collections/:id/payment-sessions (the plugin answers it for its provider: start-loan.ts)", () => {
  const route = "store/payment-collections/[id]/payment-sessions/route"
  const middlewares = () =>
    registered("store/payment-collections", "storePaymentCollectionsMiddlewares", "/store/payment-collections/:id/payment-sessions", "POST")

  it("Medusa's body validator takes provider_id and an optional data object, and refuses anything else", async () => {
    // The plugin reads provider_id only and makes the session's data itself: a field Medusa starts
    // accepting would be dropped silently by the plugin's answer.
    expect(await validate(middlewares(), { provider_id: "pp_bnpl_bnpl" })).toEqual({ validatedBody: { provider_id: "pp_bnpl_bnpl" } })
    expect(await validate(middlewares(), { provider_id: "pp_bnpl_bnpl", data: { a: 1 } })).toEqual({
      validatedBody: { provider_id: "pp_bnpl_bnpl", data: { a: 1 } },
    })
    expect((await validate(middlewares(), {})).error).toBeDefined()
    expect((await validate(middlewares(), { provider_id: 42 })).error).toBeDefined()
    expect((await validate(middlewares(), { provider_id: "pp_bnpl_bnpl", customer_id: "cus_1" })).error).toBeDefined()
    expect((await validate(middlewares(), { provider_id: "pp_bnpl_bnpl", data: "text" })).error).toBeDefined()
    const { StoreCreatePaymentSession } = medusaApi<{ StoreCreatePaymentSession: { shape: object } }>("store/payment-collections/validators")
    expect(keysOf(StoreCreatePaymentSession.shape)).toEqual(["data", "provider_id"])
  })

  it("runs createPaymentSessionsWorkflow with the input the plugin's workflow gives it, and answers { payment_collection } in the route's fields", async () => {
    const body = { provider_id: "pp_system_default", data: { a: 1 } }
    const { POST } = medusaApi<{ POST: Handler }>(route)
    const { sent, reads, req } = await call(POST, { params: { id: "pay_col_contract" }, body, validatedBody: body })

    expect(mockWorkflowCalls).toEqual([
      {
        workflow: "createPaymentSessionsWorkflow",
        input: { payment_collection_id: "pay_col_contract", provider_id: "pp_system_default", customer_id: "user_contract", data: { a: 1 } },
      },
    ])
    expect(reads.graph).toEqual([
      expect.objectContaining({ entity: "payment_collection", filters: { id: "pay_col_contract" }, fields: req.queryConfig.fields }),
    ])
    expect(sent).toEqual({ status: 200, body: { payment_collection: { id: "payment_collection_read" } } })
  })
})

describe("POST /store/carts/:id/complete (wrapped: roll-forward-before-completion.ts)", () => {
  it("is registered with no body validator: the plugin reads the cart's id from the path only", () => {
    const middlewares = registered("store/carts", "storeCartRoutesMiddlewares", "/store/carts/:id/complete", "POST")
    expect(middlewares.filter((middleware) => middleware.name === "validateBody")).toEqual([])
  })

  it("runs completeCartWorkflow on the path's cart through the workflow engine and answers { type: 'order', order } once it has finished", async () => {
    mockWorkflowResults.completeCartWorkflowId = { id: "order_contract" }
    const { POST } = medusaApi<{ POST: Handler }>("store/carts/[id]/complete/route")
    const { sent, answeredBeforeWorkflowEnded, reads } = await call(POST, { params: { id: "cart_contract" } })

    expect(mockWorkflowCalls).toEqual([{ workflow: "completeCartWorkflowId", input: { id: "cart_contract" } }])
    expect(answeredBeforeWorkflowEnded).toBe(false)
    expect(reads.graph).toEqual([expect.objectContaining({ entity: "order", filters: { id: "order_contract" } })])
    expect(sent).toEqual({ status: 200, body: { type: "order", order: { id: "order_read" } } })
  })
})

describe("POST /admin/orders/:id/cancel (the plugin answers it for an order a loan paid: cancel-with-loans.ts)", () => {
  it("is registered with no body validator: the plugin's answer reads no body either", () => {
    const middlewares = registered("admin/orders", "adminOrderRoutesMiddlewares", "/admin/orders/:id/cancel", "POST")
    expect(middlewares.filter((middleware) => middleware.name === "validateBody")).toEqual([])
  })

  it("runs cancelOrderWorkflow with { order_id, canceled_by } and answers { order } read as the plugin reads it", async () => {
    const { POST } = medusaApi<{ POST: Handler }>("admin/orders/[id]/cancel/route")
    const { sent, reads, req, answeredBeforeWorkflowEnded } = await call(POST, { params: { id: "order_contract" } })

    expect(mockWorkflowCalls).toEqual([{ workflow: "cancelOrderWorkflow", input: { order_id: "order_contract", canceled_by: "user_contract" } }])
    expect(answeredBeforeWorkflowEnded).toBe(false)
    // The very query the plugin's answer makes (cancel-with-loans.ts).
    expect(reads.remoteQuery).toEqual([
      remoteQueryObjectFromString({ entryPoint: "order", variables: { id: "order_contract" }, fields: req.queryConfig.fields }),
    ])
    expect(sent).toEqual({ status: 200, body: { order: { id: "remote_read" } } })
  })
})

describe.each([
  {
    path: "refund",
    workflow: "refundPaymentWorkflow",
    middleware: "book-refund.ts",
    body: { amount: 10, refund_reason_id: "refr_1", note: "n" },
    input: { payment_id: "pay_contract", created_by: "user_contract", amount: 10, refund_reason_id: "refr_1", note: "n" },
  },
  {
    path: "capture",
    workflow: "capturePaymentWorkflow",
    middleware: "capture-once.ts",
    body: { amount: 10 },
    input: { payment_id: "pay_contract", captured_by: "user_contract", amount: 10 },
  },
])("POST /admin/payments/:id/$path (wrapped: $middleware)", ({ path, workflow, body, input }) => {
  const matcher = `/admin/payments/:id/${path}`

  it("Medusa's body validator takes a positive amount and refuses an unknown field", async () => {
    const middlewares = registered("admin/payments", "adminPaymentRoutesMiddlewares", matcher, "POST")
    expect(await validate(middlewares, body)).toEqual({ validatedBody: body })
    expect(await validate(middlewares, {})).toEqual({ validatedBody: {} })
    expect((await validate(middlewares, { amount: -1 })).error).toBeDefined()
    expect((await validate(middlewares, { payment_id: "pay_other" })).error).toBeDefined()
  })

  it(`runs ${workflow} on the path's payment, and answers { payment } once it has finished`, async () => {
    // The plugin finds the loan (and the lock to hold) from the path's payment id: the workflow must move that payment.
    const { POST } = medusaApi<{ POST: Handler }>(`admin/payments/[id]/${path}/route`)
    const { sent, answeredBeforeWorkflowEnded } = await call(POST, { params: { id: "pay_contract" }, body, validatedBody: body })

    expect(mockWorkflowCalls).toEqual([{ workflow, input }])
    expect(answeredBeforeWorkflowEnded).toBe(false)
    expect(sent).toEqual({ status: 200, body: { payment: { id: "remote_read" } } })
  })
})

describe.each([
  {
    dir: "returns",
    exportName: "adminReturnRoutesMiddlewares",
    workflow: "beginReturnOrderWorkflow",
    body: { order_id: "order_contract" },
    answer: ["order", "return"],
  },
  {
    dir: "exchanges",
    exportName: "adminExchangeRoutesMiddlewares",
    workflow: "beginExchangeOrderWorkflow",
    body: { order_id: "order_contract" },
    answer: ["exchange", "order"],
  },
  {
    dir: "claims",
    exportName: "adminClaimRoutesMiddlewares",
    workflow: "beginClaimOrderWorkflow",
    body: { order_id: "order_contract", type: "refund" },
    answer: ["claim", "order"],
  },
  {
    dir: "order-edits",
    exportName: "adminOrderEditRoutesMiddlewares",
    workflow: "beginOrderEditOrderWorkflow",
    body: { order_id: "order_contract" },
    answer: ["order_change"],
  },
])("POST /admin/$dir (wrapped: hold-loan-locks.ts)", ({ dir, exportName, workflow, body, answer }) => {
  const matcher = `/admin/${dir}`

  it("Medusa's body validator requires the order's id as a string `order_id`, which the plugin reads to find the loans' locks", async () => {
    const middlewares = registered(`admin/${dir}`, exportName, matcher, "POST")
    expect(await validate(middlewares, body)).toEqual({ validatedBody: body })
    const { order_id: _orderId, ...withoutOrder } = body
    expect((await validate(middlewares, withoutOrder)).error).toBeDefined()
    expect((await validate(middlewares, { ...body, order_id: ["order_contract"] })).error).toBeDefined()
  })

  it(`runs ${workflow} on the body's order, and answers once it has finished`, async () => {
    mockWorkflowResults[workflow] = {
      id: "ordch_contract",
      order_id: "order_contract",
      return_id: "ret_1",
      exchange_id: "exc_1",
      claim_id: "claim_1",
    }
    const { POST } = medusaApi<{ POST: Handler }>(`admin/${dir}/route`)
    const { sent, answeredBeforeWorkflowEnded } = await call(POST, { body, validatedBody: body })

    expect(mockWorkflowCalls).toEqual([{ workflow, input: expect.objectContaining({ order_id: "order_contract" }) }])
    expect(answeredBeforeWorkflowEnded).toBe(false)
    expect(keysOf((sent?.body ?? {}) as object)).toEqual(answer)
  })
})
