import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { HandedNotification, handsOffToWorker, handToWorker, WEBHOOK_HANDED_TO_WORKER } from "../hand-off"

function containerOf(workerMode: string, emit: (...args: unknown[]) => Promise<void>) {
  const warnings: string[] = []
  const registry: Record<string, unknown> = {
    [ContainerRegistrationKeys.CONFIG_MODULE]: { projectConfig: { workerMode } },
    [Modules.EVENT_BUS]: { emit },
    [ContainerRegistrationKeys.LOGGER]: { warn: (line: string) => warnings.push(line) },
  }
  return { container: { resolve: (key: string) => registry[key] } as unknown as MedusaContainer, warnings }
}

const notification = { loanId: 7, cartId: "pay_col_1", auth: "accepted" as const, receivedAt: new Date(0).toISOString() }

describe("a notification handed to Medusa's worker", () => {
  it("is handed over by a server only: a shared process has no worker beside it", () => {
    expect(handsOffToWorker(containerOf("server", async () => {}).container)).toBe(true)
    expect(handsOffToWorker(containerOf("shared", async () => {}).container)).toBe(false)
    expect(handsOffToWorker(containerOf("worker", async () => {}).container)).toBe(false)
  })

  it("goes on the event bus with attempts, as Medusa's own payment webhook does", async () => {
    const emitted: unknown[][] = []
    const { container } = containerOf("server", async (...args) => void emitted.push(args))
    await expect(handToWorker(container, notification)).resolves.toBe(true)
    expect(emitted).toEqual([[{ name: WEBHOOK_HANDED_TO_WORKER, data: notification }, { attempts: 3 }]])
  })

  it("stays with the server when the event bus cannot take it, which says so without the error's secrets", async () => {
    const { container, warnings } = containerOf("server", async () => {
      throw new Error("Connection is closed.")
    })
    await expect(handToWorker(container, notification)).resolves.toBe(false)
    expect(warnings).toEqual([expect.stringContaining("loan 7 could not be handed to the worker (Connection is closed.); this server confirms it")])
  })

  it("is read back by the worker only in the shape the server sent", () => {
    expect(HandedNotification.parse(notification)).toEqual(notification)
    expect(() => HandedNotification.parse({ ...notification, auth: "rejected" })).toThrow()
    expect(() => HandedNotification.parse({ ...notification, extra: 1 })).toThrow()
  })
})
