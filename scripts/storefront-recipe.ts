import { execFileSync } from "child_process"
import { readFileSync } from "fs"
import { resolve } from "path"

/**
 * docs/storefront.md's recipe for Medusa's starter storefront, read from the document itself:
 * each `<!-- recipe: path -->` marker is followed by a unified diff of that starter file (a new
 * file's diff starts from /dev/null). The browser suite applies these diffs to the real starter,
 * so what it builds and tests is what the document tells a developer to write.
 *
 *   npx ts-node scripts/storefront-recipe.ts <starter's apps/storefront folder>
 */

/** The starter commit the recipe's diffs are made against (integration-tests/browser/storefront-app). */
export const STARTER_COMMIT = "9233262ff1f04185646f88362918c027e1431cd6"

export interface RecipeBlock {
  file: string
  diff: string
}

const MARKER = /<!-- recipe: (\S+) -->\s*```diff\n([\s\S]*?)```/g

export function recipeBlocks(doc: string): RecipeBlock[] {
  return [...doc.matchAll(MARKER)].map(([, file, diff]) => {
    const target = /^\+\+\+ b\/(.+)$/m.exec(diff)?.[1]
    if (target !== file) throw new Error(`docs/storefront.md: the recipe block marked ${file} is a diff of ${target ?? "nothing"}`)
    return { file, diff }
  })
}

/** What the recipe costs a developer: lines written (blank ones not counted) and starter lines they replace. */
export function recipeSize(blocks: RecipeBlock[]): { added: number; replaced: number; files: number; newFiles: number } {
  const lines = blocks.flatMap((block) => block.diff.split("\n"))
  return {
    added: lines.filter((line) => line.startsWith("+") && !line.startsWith("+++") && line.slice(1).trim()).length,
    replaced: lines.filter((line) => line.startsWith("-") && !line.startsWith("---") && line.slice(1).trim()).length,
    files: blocks.length,
    newFiles: blocks.filter((block) => block.diff.includes("--- /dev/null")).length,
  }
}

/** Applies the recipe to a copy of the starter's `apps/storefront` at `starterDir`; throws with git's reason when a diff does not apply. */
export function applyRecipe(starterDir: string, doc = readFileSync(resolve(__dirname, "../docs/storefront.md"), "utf8")): RecipeBlock[] {
  const blocks = recipeBlocks(doc)
  if (!blocks.length) throw new Error("docs/storefront.md has no recipe blocks (<!-- recipe: path --> before a diff)")
  const patch = blocks.map((block) => block.diff).join("")
  try {
    execFileSync("git", ["apply", "--whitespace=nowarn", "-"], { cwd: starterDir, input: patch, stdio: ["pipe", "pipe", "pipe"] })
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? String(error)
    throw new Error(`the recipe does not apply to the starter at ${starterDir} (made for dtc-starter ${STARTER_COMMIT}):\n${stderr}`)
  }
  return blocks
}

if (require.main === module) {
  const dir = process.argv[2]
  if (!dir) {
    console.error("usage: npx ts-node scripts/storefront-recipe.ts <the starter's apps/storefront folder>")
    process.exit(2)
  }
  const blocks = applyRecipe(resolve(dir))
  const size = recipeSize(blocks)
  console.log(`applied the recipe to ${dir}: ${size.added} lines in ${size.files} files (${size.newFiles} new), replacing ${size.replaced}`)
}
