import { spawnSync } from "child_process"

/**
 * `npm install` in `cwd` as a merchant or a storefront developer types it: no --legacy-peer-deps,
 * no --force, so a peer nobody can satisfy fails (ERESOLVE). From the npm cache where it can
 * (--prefer-offline); `flags` adds others, such as --package-lock-only. Never throws: answers the
 * exit status and everything npm printed.
 */
export function plainInstall(cwd: string, ...flags: string[]): { status: number | null; output: string } {
  const run = spawnSync("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", ...flags], {
    cwd,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  })
  return { status: run.status, output: `${run.stdout}${run.stderr}` }
}
