import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { anchors, brokenLinks, slug } from "../docs/links"

const ROOT = resolve(__dirname, "../..")

/** The README and every page under docs/: what a reader follows from one to the other. */
function documentation(): string[] {
  const docs = join(ROOT, "docs")
  const pages = readdirSync(docs, { recursive: true, encoding: "utf8" }).filter((name) => name.endsWith(".md"))
  return [join(ROOT, "README.md"), ...pages.map((name) => join(docs, name))]
}

describe("documentation links", () => {
  it("every relative link and #anchor of README.md and docs/ leads somewhere", () => {
    const files = documentation()
    expect(files.length).toBeGreaterThan(5)
    expect(brokenLinks(ROOT, files)).toEqual([])
  })
})

describe("the link check", () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "bnpl-doc-links-"))
    mkdirSync(join(dir, "docs"))
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it("reports a missing file, a missing heading and a missing heading of this file, and nothing else", () => {
    writeFileSync(join(dir, "docs", "money.md"), "# Money\n\n## The rule for money\n\n## Refunds\n\n## Refunds\n")
    writeFileSync(
      join(dir, "README.md"),
      [
        "# Title",
        "[ok](docs/money.md#the-rule-for-money) [ok too](docs/money.md#refunds-1) [folder](docs/) [web](https://example.com/x#y)",
        "[gone](docs/admin.md) [no anchor](docs/money.md#the-ledger) [here](#title) [not here](#nowhere)",
        "`[in code](missing.md)`",
        "```md",
        "[in a fence](missing.md)",
        "```",
        "[ref]: docs/missing.md",
      ].join("\n"),
    )
    const broken = brokenLinks(dir, [join(dir, "README.md")])
    expect(broken.map((b) => [b.line, b.target])).toEqual([
      [3, "docs/admin.md"],
      [3, "docs/money.md#the-ledger"],
      [3, "#nowhere"],
      [8, "docs/missing.md"],
    ])
    expect(broken[1].problem).toBe("no heading #the-ledger in docs/money.md")
  })

  it("makes heading ids as GitHub does", () => {
    expect(slug("Recipe: Medusa's DTC starter (`medusajs/dtc-starter`, `apps/storefront`)")).toBe(
      "recipe-medusas-dtc-starter-medusajsdtc-starter-appsstorefront",
    )
    expect(slug("`npm run test:chaos`")).toBe("npm-run-testchaos")
    expect(slug("Webhook → order")).toBe("webhook--order")
    expect(slug("Pago a plazos: ¿Cómo?")).toBe("pago-a-plazos-cómo")
    expect([...anchors('# A\n```sh\n# not a heading\n```\n## A\n<a id="custom"></a>\n')]).toEqual(["a", "a-1", "custom"])
  })
})
