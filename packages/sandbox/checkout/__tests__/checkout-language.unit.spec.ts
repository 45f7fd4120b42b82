import type { Sandbox } from "../../index"
import { client, createLoan, startQuietSandbox } from "../../__tests__/helpers"

describe("checkout page language", () => {
  let sandbox: Sandbox
  beforeEach(async () => {
    sandbox = await startQuietSandbox()
  })
  afterEach(() => sandbox.close())

  const page = async (url: string, headers: Record<string, string> = {}) => (await client.get<string>(url, { responseType: "text", headers })).data

  it("speaks Mexican Spanish by default", async () => {
    const { url } = await createLoan(sandbox)
    const html = await page(url)
    expect(html).toContain('<html lang="es-MX">')
    for (const text of [
      "Paga en 4 cuotas",
      "Tu plan",
      `Hoy · ${new Date().toISOString().slice(0, 10)}`,
      "Cuota 2 · ",
      "Pagar la primera cuota",
      ">Cancelar<",
      "no se mueve dinero",
    ]) {
      expect(html).toContain(text)
    }
    expect(html).not.toContain("Pay first installment")
  })

  it("speaks English with ?lang=en or an English browser, and Spanish to a browser that prefers it", async () => {
    const { url } = await createLoan(sandbox)
    const byQuery = await page(`${url}&lang=en`, { "accept-language": "es-MX" })
    expect(byQuery).toContain('<html lang="en">')
    expect(byQuery).toContain("Pay in 4 installments")
    expect(byQuery).toContain("Installment 2 · ")
    expect(await page(url, { "accept-language": "en-US,en;q=0.9" })).toContain("Pay first installment")
    expect(await page(url, { "accept-language": "fr-FR,es;q=0.8,en;q=0.5" })).toContain("Pagar la primera cuota")
  })

  it("says an unknown link is unknown, in the browser's language", async () => {
    const { loanId } = await createLoan(sandbox)
    const missing = await client.get<string>(`${sandbox.url}/checkout/${loanId + 1}?token=x`, { responseType: "text" })
    expect(missing.status).toBe(404)
    expect(missing.data).toContain("Este enlace de pago no existe.")
    expect(await page(`${sandbox.url}/checkout/${loanId + 1}?token=x`, { "accept-language": "en" })).toContain("This payment link does not exist.")
  })
})
