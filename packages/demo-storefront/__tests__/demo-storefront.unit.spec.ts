import { clientBundle } from "../bundle"
import { shellHtml } from "../shell"

describe("demo storefront shell", () => {
  it("hands the publishable key to the client script as JSON that cannot close its script tag", () => {
    const html = shellHtml({ publishableKey: "pk_</script><script>alert(1)</script>" })
    const json = html.match(/<script id="demo-config" type="application\/json">(.*?)<\/script>/)![1]
    expect(JSON.parse(json)).toEqual({ publishableKey: "pk_</script><script>alert(1)</script>" })
    expect(html).not.toContain("<script>alert(1)")
    expect(html).toContain('<script src="/demo/app.js" defer></script>')
  })

  it("speaks Spanish unless English is asked for", () => {
    const spanish = shellHtml({ publishableKey: "pk_1" })
    expect(spanish).toContain('<html lang="es-MX">')
    expect(spanish).toContain("Cargando la tienda…")
    const english = shellHtml({ publishableKey: "pk_1" }, "en")
    expect(english).toContain('<html lang="en">')
    expect(english).toContain("Loading the store…")
  })
})

describe("demo storefront client bundle", () => {
  it("bundles the client and the JS SDK for the browser once, then serves it from memory", async () => {
    const first = await clientBundle()
    expect(first.code).toContain("pp_bnpl_bnpl")
    expect(first.code).toContain("/store/payment-collections")
    // The storefront kit is bundled in, without zod (its wire schemas are imported as types only).
    expect(first.code).toContain("/store/bnpl/offer")
    expect(first.code).not.toContain("ZodError")
    expect(first.code).not.toMatch(/\brequire\(/)
    expect(await clientBundle()).toBe(first)
  })
})
