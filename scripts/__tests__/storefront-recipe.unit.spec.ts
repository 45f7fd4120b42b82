import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "fs"
import { tmpdir } from "os"
import { join, resolve } from "path"
import { applyRecipe, recipeBlocks, recipeSize } from "../storefront-recipe"

const ROOT = resolve(__dirname, "../..")
const DOC = readFileSync(join(ROOT, "docs/storefront.md"), "utf8")
const STARTER = join(ROOT, "integration-tests/browser/storefront-app")
const README = readFileSync(join(ROOT, "README.md"), "utf8")
const KIT_README = readFileSync(join(ROOT, "packages/storefront/README.md"), "utf8")

describe("docs/storefront.md's recipe for Medusa's starter", () => {
  it("is at most 30 lines, and the document states its size as the diffs count it", () => {
    const size = recipeSize(recipeBlocks(DOC))
    expect(size.added).toBeLessThanOrEqual(30)
    const stated = /adds (\d+) lines in (\d+) files \((\d+) of them new\), (\d+) of the lines\s+replacing each/.exec(DOC)
    expect(stated).not.toBeNull()
    expect(stated!.slice(1).map(Number)).toEqual([size.added, size.files, size.newFiles, size.replaced])
    expect(DOC).toContain(`**${size.added} lines in ${size.files} files**`)
    // The READMEs repeat it for a reader who has not opened docs/storefront.md yet.
    expect(README).toContain(`(${size.added} lines in ${size.files} files,`)
    expect(KIT_README).toContain(`a ${size.added}-line recipe`)
  })

  it("counts written lines only: blank lines and the diffs' headers and context are not the developer's", () => {
    const diff = ["--- a/x.ts", "+++ b/x.ts", "@@ -1,2 +1,3 @@", " kept", "-old", "+new", "+", "+another", ""].join("\n")
    expect(recipeSize([{ file: "x.ts", diff }])).toEqual({ added: 2, replaced: 1, files: 1, newFiles: 0 })
  })

  it("refuses a block whose marker names another file than its diff", () => {
    const doc = "<!-- recipe: src/a.tsx -->\n```diff\n--- a/src/b.tsx\n+++ b/src/b.tsx\n```\n"
    expect(() => recipeBlocks(doc)).toThrow("the recipe block marked src/a.tsx is a diff of src/b.tsx")
  })

  it("applies to the vendored starter as written, and says which file does not", () => {
    const dir = mkdtempSync(join(tmpdir(), "bnpl-recipe-"))
    try {
      cpSync(STARTER, dir, { recursive: true })
      const blocks = applyRecipe(dir, DOC)
      const missing = blocks.flatMap(({ file, diff }) => {
        const written = new Set(readFileSync(join(dir, file), "utf8").split("\n"))
        return diff
          .split("\n")
          .filter((line) => line.startsWith("+") && !line.startsWith("+++") && !written.has(line.slice(1)))
          .map((line) => `${file}: ${line}`)
      })
      expect(missing).toEqual([])
      expect(existsSync(join(dir, "src/app/[countryCode]/(main)/payment-collection/[id]/page.tsx"))).toBe(true)
      // Applied twice, the diffs no longer match: the starter the recipe expects is the unedited one.
      expect(() => applyRecipe(dir, DOC)).toThrow(/does not apply to the starter/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
