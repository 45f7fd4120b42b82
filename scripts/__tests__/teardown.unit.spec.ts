import { run } from "../harness/proc"
import { onTeardown, teardown } from "../harness/teardown"

describe("teardown of an interrupted run", () => {
  it("stops what registers while it stops the rest, and lets nothing new start", async () => {
    const stopped: string[] = []
    onTeardown("PostgreSQL", async () => {
      stopped.push("PostgreSQL")
    })
    onTeardown("Medusa", async () => {
      // The interrupted figure fails while Medusa stops; the next figure starts Redis.
      onTeardown("Redis", async () => {
        stopped.push("Redis")
      })
      await new Promise((resolve) => setTimeout(resolve, 10))
      stopped.push("Medusa")
    })

    await teardown()

    expect(stopped).toEqual(["Medusa", "Redis", "PostgreSQL"])
    expect(() => run("redis-server", ["--port", "0"])).toThrow("not starting redis-server: the run is stopping")
  })
})
