import { runToEnd } from "./proc"

export interface AptOptions {
  /** At the lowest CPU and I/O priority: for an install ahead of time, beside running suites. */
  idle?: boolean
  /** Keep apt's lines off the terminal; a failure still carries its last lines. */
  quiet?: boolean
}

/**
 * Installs Debian packages with apt-get (as root, as on a CI machine). The suites install what
 * they need themselves this way, and never download a browser or a server of their own.
 * Rejects with apt's last lines.
 */
export function aptInstall(packages: string[], { idle = false, quiet = false }: AptOptions = {}): Promise<void> {
  const install = `apt-get update -qq && apt-get install -y -qq --no-install-recommends ${packages.join(" ")}`
  const [command, args] = idle ? ["nice", ["-n", "19", "ionice", "-c", "3", "sh", "-c", install]] : ["sh", ["-c", install]]
  return runToEnd(command, args, { quiet, env: { DEBIAN_FRONTEND: "noninteractive" } })
}

/**
 * Makes sure a Debian package is there (`present`), installing it with apt-get when it is
 * missing; throws, saying what to do, when it still is not.
 */
export async function ensurePackage(pkg: string, binary: string, present: () => boolean, thenWhat: string): Promise<void> {
  if (present()) return
  const failed = await aptInstall([pkg]).then(
    () => "",
    (error: Error) => error.message,
  )
  if (failed || !present()) {
    throw new Error(
      `${binary} is missing and \`apt-get install -y ${pkg}\` failed. Install Debian's ${pkg} package (as root) and ${thenWhat}.\n${failed}`,
    )
  }
}
