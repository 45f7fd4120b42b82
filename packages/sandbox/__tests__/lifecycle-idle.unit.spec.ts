import { createLifecycle } from "../lifecycle"

describe("lifecycle idle()", () => {
  it("resolves at once when nothing is scheduled", async () => {
    const lifecycle = createLifecycle()
    await expect(lifecycle.idle()).resolves.toBeUndefined()
    lifecycle.close()
  })

  it("waits for timers, and for the promise a task returns, including what that task schedules", async () => {
    const lifecycle = createLifecycle()
    const done: string[] = []
    lifecycle.after(5, () => done.push("timer"))
    lifecycle.after(10, async () => {
      await new Promise((resolve) => setImmediate(resolve))
      done.push("task")
      lifecycle.after(5, () => done.push("scheduled by the task"))
    })
    await lifecycle.idle()
    expect(done).toEqual(["timer", "task", "scheduled by the task"])
    lifecycle.close()
  })

  it("resolves on close(), which drops pending timers", async () => {
    const lifecycle = createLifecycle()
    const done: string[] = []
    lifecycle.after(60_000, () => done.push("never"))
    const idle = lifecycle.idle()
    lifecycle.close()
    await idle
    expect(done).toEqual([])
  })
})
